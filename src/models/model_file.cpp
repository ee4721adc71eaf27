#include "models/model_file.h"

namespace attn {

Status check_tensor_set(const std::vector<std::pair<std::string, Shape>> & expected, const TensorMap & tensors) {
    for (const auto & [name, shape] : expected) {
        auto it = tensors.find(name);
        if (it == tensors.end()) return Status::error("weights: missing tensor " + name);
        if (it->second.shape() != shape)
            return Status::error("weights: tensor " + name + " has shape " + it->second.shape().str() + ", expected " +
                                 shape.str());
    }
    if (tensors.size() != expected.size())
        for (const auto & [name, t] : tensors) {
            bool known = false;
            for (const auto & e : expected) known |= e.first == name;
            if (!known) return Status::error("weights: unexpected tensor " + name + " for this configuration");
        }
    return Status::success();
}

Status read_model_file(const std::string & path, const char * format, const char * what, TensorMap * tensors,
                       std::string * config_json, std::map<std::string, std::string> * metadata,
                       CompactMap * compact) {
    WeightsFile file;
    ReadLimits limits;
    limits.keep_compact = compact != nullptr;
    if (Status st = load_safetensors(path, &file, limits); !st) return st;
    auto fmt = file.metadata.find("format");
    if (fmt == file.metadata.end() || fmt->second != format)
        return Status::error(path + ": not " + what + " weights file (metadata \"format\" should be \"" + format + "\")");
    auto cfg = file.metadata.find("config");
    if (cfg == file.metadata.end()) return Status::error(path + ": metadata has no \"config\"");
    *config_json = cfg->second;
    file.metadata.erase("format");
    file.metadata.erase("config");
    file.metadata[kLoadedStorageKey] = file.storage();
    *tensors = std::move(file.tensors);
    if (compact) *compact = std::move(file.compact);
    *metadata = std::move(file.metadata);
    return Status::success();
}

Status write_model_file(const std::string & path, const char * format, const std::string & config_json,
                        const TensorMap & tensors, const std::map<std::string, std::string> & metadata,
                        StoreAs store_as) {
    WeightsFile file;
    file.store_as = store_as;
    file.tensors = tensors;
    file.metadata = metadata;
    file.metadata.erase(kLoadedStorageKey);
    file.metadata["format"] = format;
    file.metadata["config"] = config_json;
    return save_safetensors(path, file);
}

} // namespace attn
