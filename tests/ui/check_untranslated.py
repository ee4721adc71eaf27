#!/usr/bin/env python3
"""No interface text bypasses the catalogue (test native.i18n_no_bypass).

Every string literal that src/ui and src/app hand to an ImGui call that draws it (Text*, Button,
MenuItem, SetTooltip, Begin, tab, combo and table labels, ...) must be the argument of tr(),
tr_id() or N_(), unless it holds no words: format directives, "##id" suffixes, digits and
symbols alone ("%s", "%.2f", "L%d", "##heatmap") need no translation. Any other literal left as
it is says why in a comment that starts `i18n:` on its line or the line above ("i18n: a formula",
"i18n: not drawn").

    check_untranslated.py --repo .
    check_untranslated.py --selftest
"""
import argparse
import os
import re
import sys

# The ImGui calls that draw their first string argument, and those that draw their second.
FIRST = ('Text', 'TextUnformatted', 'TextDisabled', 'TextWrapped', 'BulletText', 'Button', 'SmallButton', 'Checkbox',
         'RadioButton', 'MenuItem', 'BeginMenu', 'Selectable', 'SetTooltip', 'BeginCombo', 'TableSetupColumn',
         'CollapsingHeader', 'BeginTabItem', 'Begin', 'TreeNode', 'SliderFloat', 'SliderInt', 'InputText', 'LabelText')
SECOND = ('TextColored', 'InputTextWithHint', 'BeginCombo')
MARKER = '// i18n:'
FORMAT = re.compile(r'%[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l|z|j|t|L)?[diouxXeEfgGcsp%]')


def literal_after(text, start):
    """The string literal (adjacent literals joined) starting at text[start:], after blanks; or None."""
    m = re.match(r'\s*((?:"(?:[^"\\]|\\.)*"\s*)+)', text[start:])
    if not m:
        return None
    return ''.join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1)))


def needs_translation(s):
    s = s.split('##', 1)[0]           # "##id" and "label##id": only the label is drawn
    s = FORMAT.sub('', s)
    s = re.sub(r'\\[nt"\\]', ' ', s)
    words = re.findall(r'[A-Za-z]{2,}', s)
    return bool(words)


def args_start(text, open_paren, which):
    """Offset of argument `which` (0 or 1) of the call whose '(' is at open_paren."""
    if which == 0:
        return open_paren + 1
    depth, i, in_str = 0, open_paren + 1, False
    while i < len(text):
        c = text[i]
        if in_str:
            if c == '\\':
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c in '([{':
            depth += 1
        elif c in ')]}':
            if depth == 0:
                return None
            depth -= 1
        elif c == ',' and depth == 0:
            return i + 1
        i += 1
    return None


def check_source(path, text):
    problems = []
    for m in re.finditer(r'ImGui::(\w+)\(', text):
        name = m.group(1)
        for which, names in ((0, FIRST), (1, SECOND)):
            if name not in names:
                continue
            start = args_start(text, m.end() - 1, which)
            if start is None:
                continue
            lit = literal_after(text, start)
            if lit is None or not needs_translation(lit):
                continue
            line_no = text.count('\n', 0, m.start()) + 1
            lines = text.split('\n')
            if MARKER in lines[line_no - 1] or (line_no > 1 and MARKER in lines[line_no - 2]):
                continue
            problems.append(f'{path}:{line_no}: ImGui::{name} draws "{lit[:60]}" without tr()')
    return problems


def check(repo):
    problems = []
    for folder in ('src/ui', 'src/app'):
        for root, _, files in os.walk(os.path.join(repo, folder)):
            for f in sorted(files):
                if f.endswith(('.cpp', '.h')):
                    p = os.path.join(root, f)
                    problems += check_source(os.path.relpath(p, repo), open(p, encoding='utf-8').read())
    return problems


def selftest():
    cases = [
        ('ImGui::Text("Hello there");', 1),
        ('ImGui::TextColored(kWarn, "Careful now");', 1),
        ('ImGui::SetTooltip("%s\\n%s", a, b);', 0),
        ('ImGui::Text(tr("Hello there"));', 0),
        ('ImGui::Button(tr_id("Open", "open"));', 0),
        ('ImGui::BeginCombo("##kind", label);', 0),
        ('ImGui::Text("L%d", l);', 0),
        ('ImGui::Text("Dear ImGui");  // i18n: a name', 0),
        ('ImGui::Text("Dear ImGui");  // same everywhere', 1),
        ('ImGui::Checkbox("Outline the map##o", &on);', 1),
        ('ImGui::InputTextWithHint("##f", "filter", &s);', 1),
    ]
    failed = 0
    for src, want in cases:
        got = len(check_source('case.cpp', src))
        ok = got == want
        failed += not ok
        print(f'{"PASS" if ok else "FAIL"} {src}: {got} problem(s), expected {want}')
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--repo', default='.')
    ap.add_argument('--selftest', action='store_true')
    a = ap.parse_args()
    if a.selftest:
        return selftest()
    problems = check(a.repo)
    for p in problems:
        print('PROBLEM', p)
    print(f'{len(problems)} interface string(s) bypass the catalogue')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
