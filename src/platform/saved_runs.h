// Where the Train panel keeps its run so that a reload or a reopened tab can continue it: on the
// web a folder of the in-memory file system mirrored into the browser's IndexedDB (Emscripten's
// IDBFS), natively a plain folder (none by default: the native app trains in memory).
//
// The browser side is asynchronous: the folder is read from IndexedDB once at start-up
// (saved_runs_state() is Pending until then), and each persist_saved_runs() writes it back in the
// background; a storage that refuses (full, or blocked as in a private window) is reported by
// saved_runs_error(), and the run goes on in memory.
#pragma once
#include <cstdint>
#include <string>

namespace attn {

enum class SavedRunsState { Pending, Ready, Unavailable };

// Mounts and loads the folder (web); natively uses `native_dir`, empty for none.
void open_saved_runs(const std::string & native_dir);
SavedRunsState saved_runs_state();
const std::string & saved_runs_dir();   // "" while unavailable
// After the files changed; `tag` (the run's step, say) comes back with the completed write
// (Module.onSavedRunsPersisted on the web).
void persist_saved_runs(int64_t tag = -1);
std::string saved_runs_error();         // the last failure to store, or ""
void clear_saved_runs_error();

} // namespace attn
