// What every model class does with its weights file, in one place: a safetensors file whose
// metadata holds "format" (which model class), "config" (its JSON) and anything else the model
// carries (vocabularies, corpus fingerprints), and a tensor set that must match the config exactly.
#pragma once
#include "core/status.h"
#include "io/safetensors.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace attn {

// read_model_file adds this metadata key: how the file stored its weights (WeightsFile::storage(),
// e.g. "I8 + F16"), for the UI to say. It describes the file read, so writing drops it.
constexpr const char * kLoadedStorageKey = "loaded_storage";

// Every expected name present with its shape, and nothing else.
Status check_tensor_set(const std::vector<std::pair<std::string, Shape>> & expected, const TensorMap & tensors);

// Loads `path` and checks its "format" is `format` (`what` names the model class in the message).
// On success: the tensors, the config JSON, and the remaining metadata.
// With `compact`, the file's F16 and I8 matrices go there as stored (ReadLimits::keep_compact).
Status read_model_file(const std::string & path, const char * format, const char * what, TensorMap * tensors,
                       std::string * config_json, std::map<std::string, std::string> * metadata,
                       CompactMap * compact = nullptr);
// The load every model class shares: read the file, parse its config, create the model from the
// tensors (checked against the config), and hand back the rest of the metadata. A failure names
// the file.
template <class Config, class Model>
Status load_model_file(const std::string & path, const char * format, const char * what, Model * out,
                       std::map<std::string, std::string> * metadata) {
    TensorMap tensors;
    std::string config_json;
    std::map<std::string, std::string> meta;
    if (Status st = read_model_file(path, format, what, &tensors, &config_json, &meta); !st) return st;
    Config cfg;
    if (Status st = Config::from_json(config_json, &cfg); !st) return Status::error(path + ": " + st.message);
    if (Status st = Model::create(cfg, std::move(tensors), out); !st) return Status::error(path + ": " + st.message);
    *metadata = std::move(meta);
    return Status::success();
}

Status write_model_file(const std::string & path, const char * format, const std::string & config_json,
                        const TensorMap & tensors, const std::map<std::string, std::string> & metadata,
                        StoreAs store_as = StoreAs::F32);

} // namespace attn
