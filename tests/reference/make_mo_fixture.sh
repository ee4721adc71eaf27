#!/bin/sh
# tests/fixtures/i18n/sample.mo from sample.po, by gettext's msgfmt: the .mo reader's golden file.
set -eu
cd "$(dirname "$0")/../fixtures/i18n"
msgfmt --check -o sample.mo sample.po
