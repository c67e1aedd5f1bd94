// SPDX-License-Identifier: Apache-2.0
// gtkw_disasm: a GTKWave "translate filter process" that shows a 64-bit
// instruction word as its disassembly (csrc/disasm.h). GTKWave writes one
// value per line (hex, as displayed); we answer one line each.
//   used by waves/gpu.gtkw as build/bin/gtkw_disasm
#include "disasm.h"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>

int main()
{
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        char *p = line;
        while (*p && isspace((unsigned char)*p)) p++;
        if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) p += 2;
        uint64_t w = 0;
        bool ok = *p != '\0' && *p != '\n';
        for (; *p && !isspace((unsigned char)*p); p++) {
            int c = tolower((unsigned char)*p);
            if (c >= '0' && c <= '9') w = w << 4 | (uint64_t)(c - '0');
            else if (c >= 'a' && c <= 'f') w = w << 4 | (uint64_t)(c - 'a' + 10);
            else { ok = false; break; }
        }
        char text[300];
        if (ok) disasm_inst(w, text, sizeof text);
        else {
            line[strcspn(line, "\r\n")] = '\0';
            snprintf(text, sizeof text, "%s", line);
        }
        printf("%s\n", text);
        fflush(stdout);
    }
    return 0;
}
