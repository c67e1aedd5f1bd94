/* SPDX-License-Identifier: Apache-2.0 */
/* The command-line tools wgasm and wgdis: outputs, exit codes, messages. */
#include "asm_test.h"

#include <sys/stat.h>

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

/* Does file f hold exactly the bytes of s? */
static bool file_is(const char *path, const char *s, size_t n)
{
    size_t len;
    char *b = slurp(path, &len);
    bool same = b && len == n && memcmp(b, s, n) == 0;
    free(b);
    return same;
}

/* Runs cmd with stderr to dir/err.txt; returns the exit code, the stderr text in *err (malloc'ed). */
static int run_err(const char *cmd, const char *dir, char **err)
{
    sbuf path = { 0 }, full = { 0 };
    sb_printf(&path, "%s/err.txt", dir);
    sb_printf(&full, "%s 2> %s", cmd, path.s);
    int rc = run(full.s);
    size_t n;
    *err = slurp(path.s, &n);
    sb_free(&path);
    sb_free(&full);
    return rc;
}

/* The line table, --no-lines, --source, the output-is-input refusal and
 * directories given as input. good is dir/good.s (CORPUS); v2 (nv2 bytes)
 * is what wgasm wrote for it, dir/out.wgk. */
static void tools_lines(const char *wgasm, const char *wgdis, const char *dir, const char *good, const char *v2,
                        size_t nv2)
{
    char cmd[1024], path[300], err[512];
    char *e = NULL;
    {   /* the default binary is version 2 with the line table; --no-lines is version 1, 32 + 8n bytes */
        check_case t;
        case_init(&t);
        kbin k;
        if (!v2 || kbin_parse(v2, nv2, &k, err, sizeof err)) case_fail(&t, "wgasm's output does not parse: %s", err);
        else {
            if (v2[4] != 2) case_fail(&t, "version field %u, expected 2", (unsigned)(uint8_t)v2[4]);
            if (!k.lines || strcmp(k.lines->file, good) != 0 || k.lines->text_len != strlen(CORPUS) ||
                memcmp(k.lines->text, CORPUS, strlen(CORPUS)) != 0)
                case_fail(&t, "the line table does not hold %s and its text", good);
            else if (k.lines->line[0] != 6 || k.lines->line[k.num_insts - 1] != 24)
                case_fail(&t, "first and last instruction on lines %u and %u, expected 6 and 24", k.lines->line[0],
                          k.lines->line[k.num_insts - 1]);
            snprintf(cmd, sizeof cmd, "%s --no-lines -o %s/v1.wgk %s", wgasm, dir, good);
            int rc = run(cmd);
            snprintf(path, sizeof path, "%s/v1.wgk", dir);
            size_t n1;
            char *v1 = slurp(path, &n1);
            if (rc != 0 || !v1) case_fail(&t, "'%s' exited %d", cmd, rc);
            else if (n1 != 32 + 8 * (size_t)k.num_insts || v1[4] != 1 || memcmp(v1 + 8, v2 + 8, n1 - 8) != 0)
                case_fail(&t, "--no-lines wrote %zu bytes, version %u, expected version 1 of %u instructions", n1,
                          (unsigned)(uint8_t)v1[4], k.num_insts);
            free(v1);
            kbin_free(&k);
        }
        case_end_named(&t, "tool_wgasm_writes_v2_lines_and_no_lines_v1");
    }
    {   /* wgdis -S / --source: the source lines before their instructions */
        check_case t;
        case_init(&t);
        snprintf(path, sizeof path, "%s/out.wgk", dir);
        snprintf(cmd, sizeof cmd, "%s -S %s > %s/src.txt", wgdis, path, dir);
        int rc = run_err(cmd, dir, &e);
        char out[300];
        snprintf(out, sizeof out, "%s/src.txt", dir);
        size_t n;
        char *s = slurp(out, &n);
        char want[4096];
        snprintf(want, sizeof want,
                 "# %s:6: global_load32 s0, out, one, args\n"
                 "    global_load32 s0, v16, one, args             # 0\n"
                 "# %s:7: sig_wait s0\n"
                 "    sig_wait s0                                  # 1\n"
                 "# %s:9: mul_lo  v17, wave, N               ; byte offset\n"
                 "L2:\n"
                 "    mul_lo v17, wave, 128                        # 2\n",
                 good, good, good);
        if (rc != 0 || !e || e[0]) case_fail(&t, "exit %d, stderr '%s'", rc, e ? e : "");
        else if (!s || !strstr(s, want)) case_fail(&t, "no\n%s\nin\n%s", want, s ? s : "(null)");
        free(e);
        snprintf(cmd, sizeof cmd, "%s --source %s > %s/src2.txt", wgdis, path, dir);
        rc = run(cmd);
        snprintf(out, sizeof out, "%s/src2.txt", dir);
        if (t.ok && (rc != 0 || !s || !file_is(out, s, n))) case_fail(&t, "--source differs from -S");
        free(s);
        case_end_named(&t, "tool_wgdis_source_prints_lines_before_instructions");
    }
    {   /* without a line table: a note on stderr, the plain listing; without -S the listing is unchanged */
        check_case t;
        case_init(&t);
        char v1[300], plain[300];
        snprintf(v1, sizeof v1, "%s/v1.wgk", dir);
        snprintf(plain, sizeof plain, "%s/plain.txt", dir);
        snprintf(cmd, sizeof cmd, "%s %s > %s", wgdis, v1, plain);
        int rc = run(cmd);
        size_t n;
        char *p = slurp(plain, &n);
        snprintf(cmd, sizeof cmd, "%s -S %s > %s/v1src.txt", wgdis, v1, dir);
        int rc2 = run_err(cmd, dir, &e);
        snprintf(path, sizeof path, "%s/v1src.txt", dir);
        if (rc || rc2 || !p) case_fail(&t, "exit %d and %d", rc, rc2);
        else if (!e || !strstr(e, "no line table") || !strstr(e, v1)) case_fail(&t, "stderr '%s'", e ? e : "");
        else if (!file_is(path, p, n)) case_fail(&t, "-S without a line table is not the plain listing");
        free(e);
        snprintf(cmd, sizeof cmd, "%s %s/out.wgk > %s/v2plain.txt", wgdis, dir, dir);
        rc = run(cmd);
        snprintf(path, sizeof path, "%s/v2plain.txt", dir);
        if (t.ok && (rc || !file_is(path, p, n))) case_fail(&t, "without -S, a version 2 binary lists differently");
        free(p);
        case_end_named(&t, "tool_wgdis_source_without_line_table_and_plain_unchanged");
    }
    {   /* the output may not be the input: same string, the default name, a symlink, a hard link */
        check_case t;
        case_init(&t);
        char ln[300], hl[300], wgk[300];
        snprintf(ln, sizeof ln, "%s/link.s", dir);
        snprintf(hl, sizeof hl, "%s/hard.s", dir);
        snprintf(wgk, sizeof wgk, "%s/prog.wgk", dir);
        if (symlink(good, ln) || link(good, hl)) case_fail(&t, "cannot make links");
        spit(wgk, CORPUS, strlen(CORPUS));
        struct {
            char cmd[1024];
            const char *file;
        } c[5];
        snprintf(c[0].cmd, sizeof c[0].cmd, "%s -o %s %s", wgasm, good, good);
        c[0].file = good;
        snprintf(c[1].cmd, sizeof c[1].cmd, "%s %s", wgasm, wgk);   /* prog.wgk -> prog.wgk */
        c[1].file = wgk;
        snprintf(c[2].cmd, sizeof c[2].cmd, "%s -o %s %s", wgasm, ln, good);
        c[2].file = good;
        snprintf(c[3].cmd, sizeof c[3].cmd, "%s -o%s %s", wgasm, hl, good);
        c[3].file = good;
        snprintf(c[4].cmd, sizeof c[4].cmd, "%s -o %s/new.s %s/new.s", wgasm, dir, dir);
        c[4].file = NULL;
        for (unsigned i = 0; i < 5; i++) {
            int rc = run_err(c[i].cmd, dir, &e);
            if (rc != 2) case_fail(&t, "'%s' exited %d, expected 2", c[i].cmd, rc);
            else if (!e || !strstr(e, "is the input file") || !strstr(e, "refusing to overwrite"))
                case_fail(&t, "'%s': stderr '%s'", c[i].cmd, e ? e : "");
            free(e);
            if (c[i].file && !file_is(c[i].file, CORPUS, strlen(CORPUS)))
                case_fail(&t, "'%s' changed %s", c[i].cmd, c[i].file);
        }
        snprintf(path, sizeof path, "%s/new.s", dir);
        if (access(path, F_OK) == 0) case_fail(&t, "%s was created", path);
        if (count_entries(dir, "good.s.tmp") || count_entries(dir, "prog.wgk.tmp")) case_fail(&t, "a file was left");
        remove(ln);
        remove(hl);
        remove(wgk);
        case_end_named(&t, "tool_wgasm_refuses_output_that_is_the_input");
    }
    {   /* a directory as input: "is a directory", exit 1 */
        check_case t;
        case_init(&t);
        snprintf(path, sizeof path, "%s/sub.s", dir);
        if (mkdir(path, 0700)) case_fail(&t, "cannot make %s", path);
        const char *tool[2] = { wgasm, wgdis };
        for (unsigned i = 0; i < 2; i++) {
            snprintf(cmd, sizeof cmd, "%s %s > /dev/null", tool[i], path);
            int rc = run_err(cmd, dir, &e);
            if (rc != 1 || !e || !strstr(e, path) || !strstr(e, "is a directory"))
                case_fail(&t, "'%s' exited %d, stderr '%s'", cmd, rc, e ? e : "");
            free(e);
        }
        rmdir(path);
        case_end_named(&t, "tool_directory_input_says_is_a_directory");
    }
}

void test_tools(void)
{
    /* The tools of the build under test: WAVEGPU_BUILD (make test sets it; build/san with SANITIZE=1). */
    const char *build = getenv("WAVEGPU_BUILD") && *getenv("WAVEGPU_BUILD") ? getenv("WAVEGPU_BUILD") : "build";
    char wgasm[128], wgdis[128];
    snprintf(wgasm, sizeof wgasm, "%.100s/bin/wgasm", build);
    snprintf(wgdis, sizeof wgdis, "%.100s/bin/wgdis", build);
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
    kbin k, k_stdin;
    char err[512];
    snprintf(p1, sizeof p1, "%s/good.s", dir);
    spit(p1, CORPUS, strlen(CORPUS));
    /* the library's binaries of the same source under the names wgasm gives it */
    int ok_ref = asm_assemble(CORPUS, strlen(CORPUS), p1, &k, err, sizeof err) == 0;
    int ok_stdin = asm_assemble(CORPUS, strlen(CORPUS), "<stdin>", &k_stdin, err, sizeof err) == 0;

    {   /* -o writes the same binary as the library (version 2, with the line
         * table naming the input); the default name is good.wgk */
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
        free(ref);
        ref = NULL;
        if (ok_stdin) kbin_serialize(&k_stdin, &ref, &nref, err, sizeof err);
        if (t.ok && (rc != 0 || !b2 || !ref || n2 != nref || memcmp(ref, b2, n2)))
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
    {   /* wgdis output (of the version 2 binary, with or without --source)
         * reassembles to the same header and instructions: the same bytes
         * as version 1 (the line tables name different sources) */
        check_case t;
        case_init(&t);
        snprintf(cmd, sizeof cmd, "%s --no-lines -o %s/out1.wgk %s", wgasm, dir, p1);
        int rc = run(cmd);
        snprintf(p3, sizeof p3, "%s/out1.wgk", dir);
        char *v1 = slurp(p3, &n2);
        size_t nv1 = n2;
        if (rc != 0 || !v1) case_fail(&t, "'%s' exited %d", cmd, rc);
        for (unsigned src = 0; src < 2 && t.ok; src++) {
            snprintf(cmd, sizeof cmd, "%s %s %s/out.wgk > %s/dis.s && %s --no-lines -o %s/dis.wgk %s/dis.s", wgdis,
                     src ? "--source" : "", dir, dir, wgasm, dir, dir);
            rc = run(cmd);
            snprintf(p3, sizeof p3, "%s/dis.wgk", dir);
            b2 = slurp(p3, &n2);
            if (rc != 0) case_fail(&t, "'%s' exited %d", cmd, rc);
            else if (!b2 || n2 != nv1 || memcmp(v1, b2, nv1))
                case_fail(&t, "wgdis%s | wgasm changed the binary", src ? " --source" : "");
            free(b2);
        }
        free(v1);
        case_end_named(&t, "tool_wgdis_output_reassembles_identically");
    }
    tools_lines(wgasm, wgdis, dir, p1, b1, n1);
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
    if (ok_stdin) kbin_free(&k_stdin);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    run(cmd);
}

