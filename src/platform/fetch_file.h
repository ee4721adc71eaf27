// Files too large to download with the page are fetched on first use. On the web the page
// preloads only what every visitor needs (fonts, examples: index.data); each translator is
// fetched from the site when it is first chosen (the first one at start), the RNN translators
// when the Compare panel first opens, and written into the in-memory file system. Natively every
// file is on disk already.
#pragma once
#include <string>

namespace attn {

enum class FetchState { Pending, Done, Failed };

// Starts fetching `url` (relative to the page) into `path` on the first call; later calls report
// how it went. Natively: Done at once (the caller's open() says whether the file exists).
// Failed means the server did not have it, or the connection broke; the caller then reports the
// file as missing and may offer to try again (fetch_forget).
FetchState fetch_file(const std::string & url, const std::string & path);

// How much of a pending fetch into `path` has arrived, 0..1; -1 while the server has not said
// how large the file is.
float fetch_progress(const std::string & path);

// Forgets a finished or failed fetch into `path`, so that the next fetch_file starts it again.
void fetch_forget(const std::string & path);

// Whether fetch_file finishes at once (natively): callers may then load everything up front.
bool fetch_is_instant();

} // namespace attn
