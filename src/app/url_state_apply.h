// Between the link (app/url_state.h) and the app: which fields of AppState a link carries, and
// applying a parsed link to AppState with the checks only the app can make (does this model have
// layer 3? head 7?). Numbers a model lacks are clamped and the user is told, in
// AppState::share.link_message; fields the link does not name keep their current values.
#pragma once
#include "share/url_state.h"
#include "nn/transformer_config.h"
#include "ui/state/app_state.h"

#include <functional>
#include <string>

namespace attn {

// "zh_TW", "de" for the shipped models' indices (TranslationRunner's order); "" out of range.
const char * model_url_id(int model);

// The link for what is on screen now.
UrlState url_state_of(const AppState & state);

// Applies `link` to `state`. `config_of(model)` gives a model's shape (nullptr when it did not
// load) so layer and head can be checked. Requests a translation. Returns the notes about clamped
// or unknown values (also stored in state->share.link_message); empty when applied as written.
using ModelConfigLookup = std::function<const TransformerConfig *(int model)>;
std::string apply_url_state(const UrlState & link, const ModelConfigLookup & config_of, AppState * state);

// parse + apply, as the address bar and the host page use it. A fragment that does not parse
// changes nothing and its message goes to share.link_message; returns whether it applied.
bool apply_url_fragment(const std::string & fragment, const ModelConfigLookup & config_of, AppState * state);

} // namespace attn
