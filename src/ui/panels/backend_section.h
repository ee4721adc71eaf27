// The Translate panel's compute-backend section: the selector with the live parity
// readout beside it, the fallback notice, and the per-op timing table of the last run.
#pragma once
#include "ui/state/app_state.h"

namespace attn {

// "Backend: (•) Reference (scalar) ( ) WASM SIMD ( ) WebGL2   parity vs CPU: …", then any notice.
// WebGL2 is disabled, with the reason as its tooltip, when the GL path cannot run.
void draw_backend_selector(AppState & s);

// A collapsing header (open when s.show_op_timing) over a table: op, calls, total ms, share.
void draw_op_timing(AppState & s);

} // namespace attn
