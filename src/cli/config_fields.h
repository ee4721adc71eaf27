// Type-checked reads of optional JSON config fields (nlohmann in its non-throwing style: every
// access is checked first), with the file's path in every message.
#pragma once
#include "core/status.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>

namespace attn {

struct ConfigFields {
    std::string path;

    Status number(const nlohmann::json & sec, const char * key, double * dst) const {
        if (!sec.contains(key)) return Status::success();
        if (!sec[key].is_number()) return Status::error(path + ": \"" + key + "\" must be a number");
        *dst = sec[key].get<double>();
        return Status::success();
    }
    template <typename T>
    Status integer(const nlohmann::json & sec, const char * key, T * dst, long long lo, long long hi) const {
        if (!sec.contains(key)) return Status::success();
        if (!sec[key].is_number_integer() || sec[key].get<long long>() < lo || sec[key].get<long long>() > hi)
            return Status::error(path + ": \"" + key + "\" must be an integer in " + std::to_string(lo) + ".." +
                                 std::to_string(hi));
        *dst = T(sec[key].get<long long>());
        return Status::success();
    }
    Status boolean(const nlohmann::json & sec, const char * key, bool * dst) const {
        if (!sec.contains(key)) return Status::success();
        if (!sec[key].is_boolean()) return Status::error(path + ": \"" + key + "\" must be true or false");
        *dst = sec[key].get<bool>();
        return Status::success();
    }
    Status string(const nlohmann::json & sec, const char * key, std::string * dst) const {
        if (!sec.contains(key)) return Status::success();
        if (!sec[key].is_string()) return Status::error(path + ": \"" + key + "\" must be a string");
        *dst = sec[key].get<std::string>();
        return Status::success();
    }
    // The whole file as a JSON object, or a message naming the file.
    static Status read_object(const std::string & path, nlohmann::json * out) {
        std::ifstream f(path, std::ios::binary);
        if (!f) return Status::error("cannot read " + path);
        std::stringstream ss;
        ss << f.rdbuf();
        *out = nlohmann::json::parse(ss.str(), nullptr, false);
        if (out->is_discarded() || !out->is_object()) return Status::error(path + ": not a JSON object");
        return Status::success();
    }
    // sec[key] when it is an object, else an empty object (a missing section means defaults).
    static const nlohmann::json & section(const nlohmann::json & j, const char * key) {
        static const nlohmann::json empty = nlohmann::json::object();
        return j.contains(key) && j[key].is_object() ? j[key] : empty;
    }
};

} // namespace attn
