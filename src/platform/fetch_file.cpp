#include "platform/fetch_file.h"

#include <map>

#if defined(__EMSCRIPTEN__)
#include "io/published_models.h"

#include <emscripten/emscripten.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#endif

namespace attn {

namespace {

std::vector<FetchRecord> & records() {
    static std::vector<FetchRecord> r;
    return r;
}

} // namespace

const std::vector<FetchRecord> & fetch_records() { return records(); }

#if defined(__EMSCRIPTEN__)

// The page's side of a fetch: the Cache API first, then the site, each copy checked against the
// published SHA-256 with SubtleCrypto before it reaches the file system. Without the Cache API or
// SubtleCrypto (a page served over plain http from another host) it fetches and takes the bytes
// as served. It reports back through the attn_fetch_* functions below, by `id`.
// clang-format off
EM_JS(void, attn_js_cached_fetch, (const char * url_p, const char * path_p, const char * sha_p, int id), {
    const url = UTF8ToString(url_p), path = UTF8ToString(path_p), sha = UTF8ToString(sha_p);
    const canHash = sha.length > 0 && typeof crypto !== 'undefined' && !!crypto.subtle;
    const hex = async (bytes) => Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)))
        .map((b) => b.toString(16).padStart(2, "0")).join("");
    const matches = async (bytes) => !canHash || (await hex(bytes)) === sha;
    const store = (bytes) => {
        const dir = path.substring(0, path.lastIndexOf('/'));
        if (dir) FS.mkdirTree(dir);
        FS.writeFile(path, bytes);
    };
    // One model at a time per URL across the page's frames (Web Locks): a tutorial with several
    // embeds downloads a model once, and the other frames then find it in the cache.
    const oneAtATime = (task) => (typeof navigator !== 'undefined' && navigator.locks)
        ? navigator.locks.request('attention-playground ' + url, task) : task();
    oneAtATime(async () => {
        let cache = null, stale = false;
        try { if (canHash && typeof caches !== 'undefined') cache = await caches.open('attention-playground-models'); } catch (e) { cache = null; }
        if (cache) {
            try {
                const hit = await cache.match(url);
                if (hit) {
                    const bytes = new Uint8Array(await hit.arrayBuffer());
                    if (await matches(bytes)) { store(bytes); _attn_fetch_finished(id, 1); return; }
                    stale = true;
                    await cache.delete(url);
                }
            } catch (e) { /* an unreadable cache: download instead */ }
        }
        let bytes;
        try {
            const response = await fetch(url);
            if (!response.ok || !response.body) throw new Error('HTTP ' + response.status);
            const total = Number(response.headers.get('Content-Length')) || 0;
            const reader = response.body.getReader(), parts = [];
            let got = 0;
            for (;;) {
                const { done, value } = await reader.read();
                if (done) break;
                parts.push(value);
                got += value.length;
                if (total > 0) _attn_fetch_progress(id, Math.min(1, got / total));
            }
            bytes = new Uint8Array(got);
            let at = 0;
            for (const p of parts) { bytes.set(p, at); at += p.length; }
        } catch (e) {
            _attn_fetch_failed(id, navigator.onLine === false ? 1 : 0);
            return;
        }
        if (!(await matches(bytes))) { _attn_fetch_failed(id, 2); return; }
        let cached = false;
        if (cache) {
            try { await cache.put(url, new Response(bytes.slice())); cached = true; } catch (e) { cached = false; }
        }
        store(bytes);
        _attn_fetch_finished(id, !canHash ? 4 : stale ? 2 : cached ? 0 : 3);
    });
});
// clang-format on

namespace {

struct Fetch {
    FetchState state = FetchState::Pending;
    float progress = -1.0f;
    FetchFailure failure = FetchFailure::NotServed;
    std::string file;
};

std::map<std::string, Fetch> & fetches() {  // by destination path
    static std::map<std::string, Fetch> m;
    return m;
}
std::vector<std::string> & paths_by_id() {  // the page reports by id: an index into this
    static std::vector<std::string> v;
    return v;
}
Fetch * by_id(int id) {
    if (id < 0 || size_t(id) >= paths_by_id().size()) return nullptr;
    auto it = fetches().find(paths_by_id()[size_t(id)]);
    return it == fetches().end() ? nullptr : &it->second;
}

std::string folder_of(const std::string & path) {
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? "." : path.substr(0, slash);
}
std::string name_of(const std::string & path) {
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The published list beside the destination (scripts/publish-models puts it in the models
// folder of index.data); empty when the build has none or it does not parse.
const PublishedModels & published(const std::string & folder) {
    static std::map<std::string, PublishedModels> by_folder;
    auto it = by_folder.find(folder);
    if (it != by_folder.end()) return it->second;
    PublishedModels list;
    std::ifstream f(folder + "/published.tsv");
    if (f) {
        std::stringstream text;
        text << f.rdbuf();
        if (Status s = parse_published_models(text.str(), &list); !s) {
            std::fprintf(stderr, "%s/published.tsv: %s; models are fetched unchecked\n", folder.c_str(), s.message.c_str());
            list.clear();
        }
    }
    return by_folder.emplace(folder, std::move(list)).first->second;
}

} // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE void attn_fetch_finished(int id, int source) {
    if (Fetch * f = by_id(id)) {
        f->state = FetchState::Done;
        records().push_back({f->file, FetchSource(source)});
    }
}

EMSCRIPTEN_KEEPALIVE void attn_fetch_failed(int id, int failure) {
    if (Fetch * f = by_id(id)) {
        f->state = FetchState::Failed;
        f->failure = FetchFailure(failure);
    }
}

EMSCRIPTEN_KEEPALIVE void attn_fetch_progress(int id, double fraction) {
    if (Fetch * f = by_id(id)) f->progress = float(fraction);
}

} // extern "C"

FetchState fetch_file(const std::string & url, const std::string & path) {
    auto it = fetches().find(path);
    if (it != fetches().end()) return it->second.state;
    Fetch f;
    f.file = name_of(path);
    std::string from = url, sha;
    const PublishedModels & list = published(folder_of(path));
    if (auto p = list.find(name_of(url)); p != list.end()) from = p->second.url, sha = p->second.sha256;
    fetches().emplace(path, f);
    paths_by_id().push_back(path);
    attn_js_cached_fetch(from.c_str(), path.c_str(), sha.c_str(), int(paths_by_id().size()) - 1);
    return FetchState::Pending;
}

FetchFailure fetch_failure(const std::string & path) {
    auto it = fetches().find(path);
    return it == fetches().end() ? FetchFailure::NotServed : it->second.failure;
}

float fetch_progress(const std::string & path) {
    auto it = fetches().find(path);
    return it == fetches().end() ? -1.0f : it->second.progress;
}

void fetch_forget(const std::string & path) {
    auto it = fetches().find(path);
    if (it != fetches().end() && it->second.state != FetchState::Pending) fetches().erase(it);
}

bool fetch_is_instant() { return false; }

#else

FetchState fetch_file(const std::string &, const std::string &) { return FetchState::Done; }
FetchFailure fetch_failure(const std::string &) { return FetchFailure::NotServed; }
float fetch_progress(const std::string &) { return 1.0f; }
void fetch_forget(const std::string &) {}
bool fetch_is_instant() { return true; }

#endif

} // namespace attn
