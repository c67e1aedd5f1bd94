/* SPDX-License-Identifier: Apache-2.0 */
/* The command-line tools wgasm and wgdis: outputs, exit codes, messages. */
#include "asm_test.h"

static int run(const char *cmd)
{
    int st = system(cmd);
    if (st == -1 || !WIFEXITED(st)) return -1;
    return WEXITSTATUS(st);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    sbuf b = { 0 };
    char tmp[4096];
    size_t r;
    sb_putn(&b, "", 0);
    while ((r = fread(tmp, 1, sizeof tmp, f)) > 0) sb_putn(&b, tmp, r);
    fclose(f);
    *len = b.n;
    return b.s;
}

static int spit(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    int bad = fwrite(data, 1, len, f) != len;
    bad |= fclose(f) != 0;
    return bad ? -1 : 0;
}

static unsigned count_entries(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    unsigned n = 0;
    if (!d) return 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (strncmp(e->d_name, prefix, strlen(prefix)) == 0) n++;
    closedir(d);
    return n;
}

void test_tools(void)
{
    const char *wgasm = "build/bin/wgasm", *wgdis = "build/bin/wgdis";
    if (access(wgasm, X_OK) || access(wgdis, X_OK)) {
        printf("SKIP tools_wgasm_wgdis: %s or %s not built (run from the repository root after make tools)\n", wgasm,
               wgdis);
        return;
    }
    char dir[] = "/tmp/test_asm_XXXXXX";
    if (!mkdtemp(dir)) {
        printf("SKIP tools_wgasm_wgdis: cannot make a temporary directory\n");
        return;
    }
    char cmd[1024], p1[256], p2[256], p3[256];
    size_t n1, n2;
    char *b1, *b2;
    kbin k;
    char err[512];
    int ok_ref = as_src(CORPUS, strlen(CORPUS), &k, err, sizeof err) == 0;
    snprintf(p1, sizeof p1, "%s/good.s", dir);
    spit(p1, CORPUS, strlen(CORPUS));

    {   /* -o writes the same binary as the library; the default name is good.wgk */
        check_case t;
        case_init(&t);
        snprintf(cmd, sizeof cmd, "%s -o %s/out.wgk %s", wgasm, dir, p1);
        int rc = run(cmd);
        snprintf(p2, sizeof p2, "%s/out.wgk", dir);
        b1 = slurp(p2, &n1);
        uint8_t *ref = NULL;
        size_t nref = 0;
        if (ok_ref) kbin_serialize(&k, &ref, &nref, err, sizeof err);
        if (rc != 0) case_fail(&t, "'%s' exited %d", cmd, rc);
        else if (!b1 || !ref || n1 != nref || memcmp(b1, ref, n1)) case_fail(&t, "output differs from asm_assemble");
        snprintf(cmd, sizeof cmd, "%s %s", wgasm, p1);
        rc = run(cmd);
        snprintf(p3, sizeof p3, "%s/good.wgk", dir);
        b2 = slurp(p3, &n2);
        if (t.ok && (rc != 0 || !b2 || n2 != n1 || memcmp(b1, b2, n1)))
            case_fail(&t, "default output %s missing or different (exit %d)", p3, rc);
        free(b2);
        snprintf(cmd, sizeof cmd, "%s -o %s/stdin.wgk - < %s", wgasm, dir, p1);
        rc = run(cmd);
        snprintf(p3, sizeof p3, "%s/stdin.wgk", dir);
        b2 = slurp(p3, &n2);
        if (t.ok && (rc != 0 || !b2 || n2 != n1 || memcmp(b1, b2, n1)))
            case_fail(&t, "reading '-' (standard input) gave a different binary (exit %d)", rc);
        free(b2);
        free(ref);
        case_end_named(&t, "tool_wgasm_writes_binary");
    }
    {   /* errors: file:line:col on stderr, exit 1, no output file */
        check_case t;
        case_init(&t);
        snprintf(p2, sizeof p2, "%s/bad.s", dir);
        spit(p2, "nop\n  frob v1\n", 14);
        snprintf(cmd, sizeof cmd, "%s -o %s/bad.wgk %s 2> %s/err.txt", wgasm, dir, p2, dir);
        int rc = run(cmd);
        snprintf(p3, sizeof p3, "%s/err.txt", dir);
        b2 = slurp(p3, &n2);
        char want[512];
        snprintf(want, sizeof want, "%s:2:3: unknown mnemonic 'frob'\n", p2);
        if (rc != 1) case_fail(&t, "exit %d, expected 1", rc);
        else if (!b2 || strcmp(b2, want) != 0) case_fail(&t, "stderr '%s', expected '%s'", b2 ? b2 : "", want);
        else if (count_entries(dir, "bad.wgk")) case_fail(&t, "an output file was left behind");
        free(b2);
        snprintf(cmd, sizeof cmd, "%s %s 2> /dev/null", wgasm, p2);
        rc = run(cmd);
        if (t.ok && (rc != 1 || count_entries(dir, "bad.wgk"))) case_fail(&t, "default output: exit %d or file left", rc);
        case_end_named(&t, "tool_wgasm_error_exit_1_no_output");
    }
    {   /* usage errors exit 2 */
        check_case t;
        case_init(&t);
        const char *bad[] = { "", "-x", "-o", "a.s b.s", "-" };
        for (unsigned i = 0; i < 5; i++) {
            snprintf(cmd, sizeof cmd, "%s %s > /dev/null 2>&1 < /dev/null", wgasm, bad[i]);
            int rc = run(cmd);
            if (rc != 2) case_fail(&t, "'wgasm %s' exited %d, expected 2", bad[i], rc);
        }
        snprintf(cmd, sizeof cmd, "%s %s/missing.s 2> /dev/null", wgasm, dir);
        if (run(cmd) != 1) case_fail(&t, "a missing input does not exit 1");
        snprintf(cmd, sizeof cmd, "%s > /dev/null 2>&1", wgdis);
        if (run(cmd) != 2) case_fail(&t, "wgdis without arguments does not exit 2");
        case_end_named(&t, "tool_usage_errors_exit_2");
    }
    {   /* wgdis output reassembles to the same bytes */
        check_case t;
        case_init(&t);
        snprintf(cmd, sizeof cmd, "%s %s/out.wgk > %s/dis.s && %s -o %s/dis.wgk %s/dis.s", wgdis, dir, dir, wgasm, dir,
                 dir);
        int rc = run(cmd);
        snprintf(p3, sizeof p3, "%s/dis.wgk", dir);
        b2 = slurp(p3, &n2);
        if (rc != 0) case_fail(&t, "'%s' exited %d", cmd, rc);
        else if (!b1 || !b2 || n1 != n2 || memcmp(b1, b2, n1)) case_fail(&t, "wgdis | wgasm changed the binary");
        free(b2);
        case_end_named(&t, "tool_wgdis_output_reassembles_identically");
    }
    {   /* a malformed binary: a message and exit 1 */
        check_case t;
        case_init(&t);
        snprintf(p2, sizeof p2, "%s/junk.wgk", dir);
        spit(p2, "WGK2 is not a kernel binary at all", 34);
        snprintf(cmd, sizeof cmd, "%s %s > /dev/null 2> %s/err2.txt", wgdis, p2, dir);
        int rc = run(cmd);
        snprintf(p3, sizeof p3, "%s/err2.txt", dir);
        b2 = slurp(p3, &n2);
        if (rc != 1) case_fail(&t, "exit %d, expected 1", rc);
        else if (!b2 || !strstr(b2, "bad magic") || !strstr(b2, p2)) case_fail(&t, "stderr '%s'", b2 ? b2 : "");
        free(b2);
        case_end_named(&t, "tool_wgdis_rejects_malformed_binary");
    }
    free(b1);
    if (ok_ref) kbin_free(&k);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    run(cmd);
}

