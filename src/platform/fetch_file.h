// Files too large to download with the page are fetched on first use. On the web the page
// preloads only what every visitor needs (fonts, examples: index.data); each translator is
// fetched from the site when it is first chosen (the first one at start), the RNN translators
// when the Compare panel first opens, and written into the in-memory file system. Natively every
// file is on disk already.
//
// On the web a model listed in index.data's published list (io/published_models.h) is fetched
// under its content-hashed name and kept in the browser's Cache API: a later visit reads it from
// there without asking the server anything. Every copy, cached or downloaded, is checked against
// the published SHA-256; a cached copy that fails is thrown away and downloaded again (and the
// event recorded for the About panel), a download that fails is refused.
#pragma once
#include <string>
#include <vector>

namespace attn {

enum class FetchState { Pending, Done, Failed };

// Starts fetching `url` (relative to the page) into `path` on the first call; later calls report
// how it went. Natively: Done at once (the caller's open() says whether the file exists).
// Failed means the server did not have it, the connection broke, or the bytes did not match
// their hash; the caller then reports the file as missing and may offer to try again (fetch_forget).
FetchState fetch_file(const std::string & url, const std::string & path);

// Why a fetch into `path` failed.
enum class FetchFailure {
    NotServed,  // the server said no, or the connection broke
    Offline,    // the browser is offline and had no copy
    Corrupt,    // the downloaded bytes do not match the published SHA-256
};
FetchFailure fetch_failure(const std::string & path);

// How much of a pending fetch into `path` has arrived, 0..1; -1 while the server has not said
// how large the file is.
float fetch_progress(const std::string & path);

// Forgets a finished or failed fetch into `path`, so that the next fetch_file starts it again.
void fetch_forget(const std::string & path);

// Whether fetch_file finishes at once (natively): callers may then load everything up front.
bool fetch_is_instant();

// Where each model this page fetched came from, in order, for the About panel.
enum class FetchSource {
    Downloaded,          // from the site, hash checked, kept in the cache
    FromCache,           // from the browser's Cache API, hash checked, nothing downloaded
    StaleCacheReplaced,  // the cached copy did not match its hash: deleted, downloaded again
    NotCached,           // downloaded, but the cache refused it (storage full, or no Cache API)
    Unverified,          // not in the published list, or no hashing here: taken as served
};
struct FetchRecord {
    std::string file;  // the model's file name, e.g. "en-de.safetensors"
    FetchSource source;
};
const std::vector<FetchRecord> & fetch_records();

} // namespace attn
