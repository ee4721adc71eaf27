// Files too large to download with the page are fetched on first use. On the web the page
// preloads only what every visitor needs (fonts, the two Transformers, examples: index.data);
// the RNN translators (3.5-5.5 MB each) are needed only by the Compare panel, so they are
// fetched from the site when it first opens and written into the in-memory file system. Natively
// every file is on disk already.
#pragma once
#include <string>

namespace attn {

enum class FetchState { Pending, Done, Failed };

// Starts fetching `url` (relative to the page) into `path` on the first call; later calls report
// how it went. Natively: Done at once (the caller's open() says whether the file exists).
// Failed means the server did not have it; the caller then reports the file as missing.
FetchState fetch_file(const std::string & url, const std::string & path);

} // namespace attn
