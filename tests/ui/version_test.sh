#!/usr/bin/env bash
# `hashscope --version` with no display at all (no DISPLAY, WAYLAND_DISPLAY or QT_QPA_PLATFORM):
# it answers before any QApplication exists, in the CLI's shape, and adds Qt's and QCustomPlot's
# versions. The checks are the CLI's (tests/cli/version_test.sh), which runs the program display-less.
# Usage: version_test.sh HASHSCOPE VERSION BUILD_TYPE
exec bash "$(dirname "$0")/../cli/version_test.sh" "$1" hashscope "$2" "$3" Qt QCustomPlot OpenSSL
