#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""slang_lint: the slang front end (pyslang, pinned in scripts/python-tools.txt)
as a command-line linter. pyslang ships no `slang` executable, only its driver
class; this runs that driver with the command line given, exactly as the
`slang` tool would: parse, elaborate, analyze, print the diagnostics, and exit
1 on any error (warnings are made errors by -Werror on the command line).

    .venv/bin/python scripts/slang_lint.py [slang options] FILES...
"""
import sys

import pyslang


def main(argv):
    driver = pyslang.driver.Driver()
    driver.addStandardArgs()
    if not driver.parseCommandLine(" ".join(["slang"] + argv), pyslang.driver.CommandLineOptions()):
        return 2
    if not driver.processOptions() or not driver.parseAllSources():
        return 1
    return 0 if driver.runFullCompilation(False) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
