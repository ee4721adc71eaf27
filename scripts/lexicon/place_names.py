#!/usr/bin/env python3
"""Writes assets/lexicon/generated/place_names.tsv: countries, continents and cities a reader names
("i live in taipei", "munich is in germany"), as nouns of category place_name (no article, no
plural, no classifier; German neuter, like every name of a town or of most countries).

Reads: Debian's iso-codes, the ISO 3166 names with their zh_TW and German translations
(/usr/share/iso-codes/json, /usr/share/locale/{zh_TW,de}/LC_MESSAGES/iso_3166-*.mo), for the
countries and for Taiwan's cities and counties. ISO 3166 has no cities elsewhere and leaves some
translations out: those come from the hand table below, checked against CC-CEDICT (Chinese) and
Ding (German). Every row says which.

Rules:
- Only countries whose German name takes no article: "in Deutschland", never "in Schweiz" (die
  Schweiz, die Türkei, die Niederlande and the like are left out).
- 臺 is written 台, as the phrasebook and most everyday Taiwanese text write it (台北, 台灣).
- Rank: the generator draws a word by 1/√rank; Taiwan's places and the large countries get 1500,
  the rest 4000, so that names are common in the corpus without crowding out the park and the
  kitchen.
"""
import gettext
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "assets", "lexicon", "generated", "place_names.tsv")
ISO_JSON = "/usr/share/iso-codes/json"
LOCALE = "/usr/share/locale"

# English name as written in a sentence → ISO 3166-1 name, for the countries the generator uses.
COUNTRIES = {
    "taiwan": "Taiwan", "japan": "Japan", "germany": "Germany", "china": "China", "france": "France",
    "italy": "Italy", "spain": "Spain", "canada": "Canada", "australia": "Australia", "austria": "Austria",
    "thailand": "Thailand", "india": "India", "brazil": "Brazil", "mexico": "Mexico", "sweden": "Sweden",
    "norway": "Norway", "denmark": "Denmark", "finland": "Finland", "poland": "Poland", "greece": "Greece",
    "portugal": "Portugal", "singapore": "Singapore", "malaysia": "Malaysia", "indonesia": "Indonesia",
    "egypt": "Egypt", "new zealand": "New Zealand", "ireland": "Ireland", "belgium": "Belgium",
    "hungary": "Hungary", "vietnam": "Viet Nam", "russia": "Russian Federation", "korea": "Korea, Republic of",
}
MAJOR = {"taiwan", "japan", "germany", "china", "france", "america", "england", "korea", "europe", "asia"}

# Where ISO's translation is not what a sentence says: 大韓民國 and "Russische Föderation" are
# the states' full names; Taiwan says 澳洲 and 印尼 where ISO has 澳大利亞 and 印度尼西亞.
COUNTRY_FIXES = {"korea": ("韓國", "Korea"), "russia": ("俄羅斯", "Russland"), "vietnam": ("越南", "Vietnam"),
                 "australia": ("澳洲", "Australien"), "indonesia": ("印尼", "Indonesien")}

# Taiwan's cities and counties from ISO 3166-2 (TW-…); the English name is ISO's.
TAIWAN_ZH_MISSING = {"Yilan": "宜蘭", "Keelung": "基隆", "Kinmen": "金門", "New Taipei": "新北", "Lienchiang": "連江"}
TAIWAN_DE = {"Taipei": "Taipeh"}  # Duden's spelling, as the phrasebook has it

# By hand: en, zh, de (zh checked against CC-CEDICT, de against Ding).
HAND = [
    ("america", "美國", "Amerika"), ("england", "英國", "England"), ("europe", "歐洲", "Europa"),
    ("asia", "亞洲", "Asien"), ("africa", "非洲", "Afrika"),
    ("berlin", "柏林", "Berlin"), ("munich", "慕尼黑", "München"), ("hamburg", "漢堡", "Hamburg"),
    ("frankfurt", "法蘭克福", "Frankfurt"), ("cologne", "科隆", "Köln"), ("vienna", "維也納", "Wien"),
    ("paris", "巴黎", "Paris"), ("london", "倫敦", "London"), ("rome", "羅馬", "Rom"),
    ("tokyo", "東京", "Tokio"), ("osaka", "大阪", "Osaka"), ("kyoto", "京都", "Kyoto"), ("seoul", "首爾", "Seoul"),
    ("hong kong", "香港", "Hongkong"), ("beijing", "北京", "Peking"), ("shanghai", "上海", "Shanghai"),
    ("bangkok", "曼谷", "Bangkok"), ("new york", "紐約", "New York"), ("sydney", "雪梨", "Sydney"),
]


def catalog(domain, lang):
    with open(os.path.join(LOCALE, lang, "LC_MESSAGES", domain + ".mo"), "rb") as f:
        return gettext.GNUTranslations(f)._catalog


def taiwan_style(zh):
    return zh.replace("臺", "台")


def rows():
    zh1, de1 = catalog("iso_3166-1", "zh_TW"), catalog("iso_3166-1", "de")
    iso_names = {n for c in json.load(open(os.path.join(ISO_JSON, "iso_3166-1.json")))["3166-1"] for n in (c["name"], c.get("common_name"))}
    for en, iso in COUNTRIES.items():
        if iso not in iso_names:
            raise SystemExit(f"{iso} is not an ISO 3166-1 name")
        zh, de = COUNTRY_FIXES.get(en, (zh1.get(iso), de1.get(iso)))
        if not zh or not de:
            raise SystemExit(f"iso-codes has no translation of {iso}")
        src = "iso-codes" if en not in COUNTRY_FIXES else "iso-codes+hand"
        yield en, taiwan_style(zh), de, src
    zh2, de2 = catalog("iso_3166-2", "zh_TW"), catalog("iso_3166-2", "de")
    seen = set()
    for sub in json.load(open(os.path.join(ISO_JSON, "iso_3166-2.json")))["3166-2"]:
        name = sub["name"]
        if not sub["code"].startswith("TW-") or name in seen:
            continue  # Chiayi and Hsinchu are a city and a county of one name
        seen.add(name)
        zh = zh2.get(name) or TAIWAN_ZH_MISSING.get(name)
        if not zh:
            raise SystemExit(f"no Chinese name for {name}")
        src = "iso-codes" if zh2.get(name) and name not in TAIWAN_DE else "iso-codes+hand"
        yield name.lower(), taiwan_style(zh), TAIWAN_DE.get(name, de2.get(name, name)), src
    for en, zh, de in HAND:
        yield en, zh, de, "hand"


def main():
    out, seen = [], set()
    for en, zh, de, src in rows():
        if en in seen:
            raise SystemExit(f"{en} twice")
        seen.add(en)
        taiwan = src != "hand" and en not in COUNTRIES
        rank = 1500 if en in MAJOR or taiwan else 4000
        out.append("\t".join([en, "-", "place_name", "0", zh, "-", de, "-", "n", "0", "in", "in", "-",
                              str(rank), "-", src, "1"]))
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("# place_names.tsv: written by scripts/lexicon/place_names.py from iso-codes and its hand table; do not edit\n")
        f.write(f"# format: assets/lexicon/generated/FORMAT.md (nouns.tsv); {len(out)} entries\n")
        f.write("# en_sg\ten_pl\tcat\tmass\tzh\tzh_cl\tde_sg\tde_pl\tde_gender\tde_weak\ten_prep\tde_prep\tzh_loc\trank\twn\tsrc\tchecked\n")
        f.write("\n".join(out) + "\n")
    print(f"{OUT}: {len(out)} place names")


if __name__ == "__main__":
    main()
