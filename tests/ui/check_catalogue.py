#!/usr/bin/env python3
"""The interface catalogue is complete and drawable (test native.i18n_catalogue):

  - assets/i18n/attn.pot holds exactly the strings tr(), tr_id() and N_() name in src/,
    and t() in the page's scripts (web/app.js, web/embed.js)
    (else: run scripts/i18n-extract);
  - zh_TW.po translates every one of them, none fuzzy, and msgfmt --check accepts it (format
    strings such as %d and %s match);
  - every character of the translations has a glyph in the fonts the build subset
    (ui-chars.txt, cjk-chars.txt).

    check_catalogue.py --repo . --fonts build/native/assets/fonts
    check_catalogue.py --selftest
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile


def po_entries(path):
    """[(msgid, msgstr, fuzzy)] of a .po file, header left out (no plurals or contexts used here)."""
    text = open(path, encoding='utf-8').read()
    out = []
    for block in re.split(r'\n\s*\n', text):
        fuzzy = '#, fuzzy' in block or re.search(r'^#,.*\bfuzzy\b', block, re.M) is not None
        def field(name):
            m = re.search(r'^' + name + r' ((?:".*"\n?)+)', block + '\n', re.M)
            if not m:
                return None
            parts = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))
            return bytes(''.join(parts), 'utf-8').decode('unicode_escape').encode('latin-1').decode('utf-8')
        msgid, msgstr = field('msgid'), field('msgstr')
        if msgid is None or block.lstrip().startswith('#~'):
            continue
        if msgid == '':
            continue
        out.append((msgid, msgstr or '', fuzzy))
    return out


def extract(repo):
    """What scripts/i18n-extract would write as the template, into a temporary file: its msgids."""
    d = tempfile.mkdtemp()
    try:
        sources = []
        for folder in ('src',):
            for root, _, files in os.walk(os.path.join(repo, folder)):
                sources += [os.path.join(root, f) for f in files if f.endswith(('.cpp', '.h'))]
        pot = os.path.join(d, 'attn.pot')
        subprocess.run(['xgettext', '--from-code=UTF-8', '--language=C++', '--keyword=', '--keyword=tr:1',
                        '--keyword=tr_id:1', '--keyword=N_:1', '-o', pot] + sorted(sources), check=True)
        page = [os.path.join(repo, 'web', f) for f in ('app.js', 'embed.js')]
        page = [p for p in page if os.path.exists(p)]
        if page:
            subprocess.run(['xgettext', '--from-code=UTF-8', '--language=JavaScript', '--keyword=', '--keyword=t:1',
                            '--join-existing', '-o', pot] + page, check=True)
        return {m for m, _, _ in po_entries(pot)} if os.path.exists(pot) else set()
    finally:
        shutil.rmtree(d)


def check(repo, fonts):
    problems = []
    i18n = os.path.join(repo, 'assets/i18n')
    template = {m for m, _, _ in po_entries(os.path.join(i18n, 'attn.pot'))}
    in_code = extract(repo)
    for m in sorted(in_code - template):
        problems.append(f'in the code but not in attn.pot (run scripts/i18n-extract): {m!r}')
    for m in sorted(template - in_code):
        problems.append(f'in attn.pot but no longer in the code (run scripts/i18n-extract): {m!r}')
    po = os.path.join(i18n, 'zh_TW.po')
    entries = {m: (s, f) for m, s, f in po_entries(po)}
    for m in sorted(template):
        s, fuzzy = entries.get(m, ('', False))
        if not s:
            problems.append(f'zh_TW.po does not translate {m!r}')
        elif fuzzy:
            problems.append(f'zh_TW.po marks {m!r} fuzzy: check its translation')
    r = subprocess.run(['msgfmt', '--check', '-o', os.devnull, po], capture_output=True, text=True)
    if r.returncode != 0:
        problems.append('msgfmt --check refuses zh_TW.po: ' + r.stderr.strip())
    if fonts:
        drawable = set()
        for name in ('ui-chars.txt', 'cjk-chars.txt'):
            drawable |= set(open(os.path.join(fonts, name), encoding='utf-8').read())
        missing = sorted({ch for s, _ in entries.values() for ch in s if ord(ch) > 0x7e and ch not in drawable})
        if missing:
            problems.append('no glyph in the subset fonts for ' + ''.join(missing))
    return template, problems


def selftest():
    """A tree with an untranslated string, a fuzzy one, a stale template and an undrawable character."""
    d = tempfile.mkdtemp()
    try:
        os.makedirs(os.path.join(d, 'src/ui'))
        os.makedirs(os.path.join(d, 'src/app'))
        os.makedirs(os.path.join(d, 'assets/i18n'))
        os.makedirs(os.path.join(d, 'fonts'))
        open(os.path.join(d, 'src/ui/a.cpp'), 'w').write('void f() { tr("View"); tr_id("Help", "help"); tr("New"); }\n')
        head = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        open(os.path.join(d, 'assets/i18n/attn.pot'), 'w').write(head + 'msgid "View"\nmsgstr ""\n\nmsgid "Help"\nmsgstr ""\n\nmsgid "Gone"\nmsgstr ""\n')
        open(os.path.join(d, 'assets/i18n/zh_TW.po'), 'w', encoding='utf-8').write(
            head + 'msgid "View"\nmsgstr "檢視"\n\n#, fuzzy\nmsgid "Help"\nmsgstr "說明"\n\nmsgid "Gone"\nmsgstr ""\n')
        open(os.path.join(d, 'fonts/ui-chars.txt'), 'w').write('abc')
        open(os.path.join(d, 'fonts/cjk-chars.txt'), 'w', encoding='utf-8').write('檢說明')
        _, problems = check(d, os.path.join(d, 'fonts'))
        want = ['in the code but not in attn.pot', 'no longer in the code', "does not translate 'Gone'",
                "marks 'Help' fuzzy", 'no glyph in the subset fonts for 視']
        failed = 0
        for w in want:
            ok = any(w in p for p in problems)
            failed += not ok
            print(('PASS' if ok else 'FAIL') + ' caught: ' + w)
        return 1 if failed else 0
    finally:
        shutil.rmtree(d)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--repo', default='.')
    ap.add_argument('--fonts', help='the build\'s assets/fonts (ui-chars.txt, cjk-chars.txt)')
    ap.add_argument('--selftest', action='store_true')
    a = ap.parse_args()
    if a.selftest:
        return selftest()
    template, problems = check(a.repo, a.fonts)
    for p in problems:
        print('PROBLEM', p)
    print(f'{len(template)} interface strings, {len(problems)} problem(s)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
