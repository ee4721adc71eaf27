#include "ui/i18n.h"

#include "io/mo_file.h"

#include <cctype>
#include <map>

namespace attn {

namespace {

struct Catalogues {
    MessageCatalogue zh_tw;
    // tr() hands out pointers into these, so entries are only added, never changed.
    std::map<std::string, std::string> pseudo, with_id;
    UiLanguage current = UiLanguage::English;
};

Catalogues & catalogues() {
    static Catalogues c;
    return c;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char & ch : out) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

} // namespace

const char * ui_language_id(UiLanguage l) {
    switch (l) {
        case UiLanguage::TraditionalChinese: return "zh-TW";
        case UiLanguage::Pseudo: return "pseudo";
        default: return "en";
    }
}

const char * ui_language_name(UiLanguage l) {
    switch (l) {
        case UiLanguage::TraditionalChinese: return "繁體中文";
        case UiLanguage::Pseudo: return "⟦Pseudo⟧";
        default: return "English";
    }
}

bool parse_ui_language(std::string_view id, UiLanguage * out) {
    for (UiLanguage l : {UiLanguage::English, UiLanguage::TraditionalChinese, UiLanguage::Pseudo})
        if (id == ui_language_id(l)) {
            *out = l;
            return true;
        }
    return false;
}

UiLanguage ui_language_from_locale(std::string_view locale) {
    std::string l = lower(locale);
    for (char & ch : l)
        if (ch == '_') ch = '-';
    l = l.substr(0, l.find('.'));  // "zh-tw.utf-8"
    const bool chinese = l == "zh" || l.rfind("zh-", 0) == 0;
    if (!chinese) return UiLanguage::English;
    const bool traditional = l.find("-hant") != std::string::npos || l == "zh-tw" || l == "zh-hk" || l == "zh-mo";
    return traditional ? UiLanguage::TraditionalChinese : UiLanguage::English;
}

Status load_ui_catalogues(const std::string & assets_dir) {
    Catalogues & c = catalogues();
    c.pseudo.clear();
    c.with_id.clear();
    return load_mo(assets_dir + "/i18n/zh_TW.mo", &c.zh_tw);
}

void set_ui_language(UiLanguage l) { catalogues().current = l; }

UiLanguage ui_language() { return catalogues().current; }

const char * tr(const char * english) {
    Catalogues & c = catalogues();
    if (c.current == UiLanguage::TraditionalChinese) {
        const auto it = c.zh_tw.find(english);
        return it != c.zh_tw.end() && !it->second.empty() ? it->second.c_str() : english;
    }
    if (c.current == UiLanguage::Pseudo) {
        auto it = c.pseudo.find(english);
        if (it == c.pseudo.end()) it = c.pseudo.emplace(english, std::string("⟦") + english + "⟧").first;
        return it->second.c_str();
    }
    return english;
}

std::string tr_message(const Message & m) {
    std::vector<std::string> args;
    for (const std::string & a : m.args) args.push_back(tr(a.c_str()));
    return format_message(tr(m.text.c_str()), args);
}

const char * tr_id(const char * english, const char * id) {
    Catalogues & c = catalogues();
    const std::string key = std::string(tr(english)) + "###" + id;
    return c.with_id.emplace(key, key).first->second.c_str();
}

} // namespace attn
