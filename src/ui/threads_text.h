// How many threads the kernels run on, and why, in the interface language: the Translate panel's
// timing line says the count, the About panel says which build runs and what limits it.
#pragma once
#include <string>

namespace attn {

std::string threads_text();     // "1 thread", "2 threads"
std::string threads_details();  // natively "2 of 2 cores"; on the web which build, and why
const char * threads_build();   // "native", "web-threads", "web-single" (the state JSON)

} // namespace attn
