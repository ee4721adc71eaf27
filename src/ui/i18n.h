// The interface language: every user-visible string of the UI goes through tr(), which looks the
// English text up in the current language's catalogue (assets/i18n/<lang>.po, compiled by msgfmt
// into build/assets/i18n/<lang>.mo) and falls back to the English.
//
//   ImGui::Button(tr("Translate"));
//   ImGui::Text(tr("Encoder time on this sentence (best of %d runs, just now):"), runs);
//   ImGui::Begin(tr_id("Translate", "translate"));   // "翻譯###translate": the window keeps its
//                                                    // place and size when the language changes
//
// scripts/i18n-extract collects the tr() strings into assets/i18n/attn.pot and merges them into
// each language's .po. The pseudo-language wraps every catalogue string in ⟦ ⟧, so a screen in it
// shows at a glance, and a test checks, which text bypassed the catalogue.
#pragma once
#include "core/message.h"  // N_, Message
#include "core/status.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace attn {

enum class UiLanguage : uint8_t { English, TraditionalChinese, Pseudo };

const char * ui_language_id(UiLanguage l);       // "en", "zh-TW", "pseudo"
const char * ui_language_name(UiLanguage l);     // "English", "繁體中文": each in its own language
bool parse_ui_language(std::string_view id, UiLanguage * out);  // the ids above
// A browser language (navigator.languages: "zh-TW", "zh-Hant-HK") or a POSIX locale (LANG:
// "zh_TW.UTF-8"): Traditional Chinese for zh-TW, zh-HK, zh-MO and any zh-Hant, else English.
UiLanguage ui_language_from_locale(std::string_view locale);

// Reads i18n/zh_TW.mo under assets_dir. Without it the interface stays English and the Status says why.
Status load_ui_catalogues(const std::string & assets_dir);
void set_ui_language(UiLanguage l);
UiLanguage ui_language();

// The text in the current language; the pointer lives until the catalogues are loaded again.
const char * tr(const char * english);
// "<translated>###<id>": an ImGui label whose identity does not change with the language.
const char * tr_id(const char * english, const char * id);
// A message (core/message.h) in the current language: its text and each of its args through tr(),
// so an arg that is itself a catalogue string ("the passive") is translated too.
std::string tr_message(const Message & m);

} // namespace attn
