#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Tests of wgrun (sim/wgrun.c) and of the source-level reports, as a user
# meets them. In a scratch folder it writes a new kernel (an f32 dot product)
# and its inputs and expected output as .npy files from an independent
# reference (Python, standard library only), then:
#   - runs it with wgrun on both backends and checks PASS, and that a wrong
#     expected file FAILs naming the first differing word;
#   - plants a fault, a lockstep mismatch (WAVEGPU_LOCKSTEP_PLANT) and a
#     timeout, and checks that each report names the kernel's file, the
#     right line number and the line as written; checks the counters
#     after an LDS fault;
#   - checks that --stats holds the counters it printed and that the
#     --timeline rows, summed per CU, equal each CU's counters;
#   - gives wgrun and wavegpu_sim bad input of each kind and checks for a
#     one-line message naming the option or file, and exit status 2;
#   - checks make sim's script on a kernel without a "# run:" line.
# Prints "PASS wgrun_<case>" or "FAIL wgrun_<case>: why" per case.
set -u
cd "$(dirname "$0")/.."
BIN=${BIN:-build/bin}
WGRUN=$BIN/wgrun
SIM=$BIN/wavegpu_sim
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

pass() { echo "PASS wgrun_$1"; }
fail() {
    echo "FAIL wgrun_$1: $2"
    failed=1
}
# expect_in CASE OUTPUT PATTERN...: every (fixed-string) pattern occurs in OUTPUT.
expect_in() {
    local name=$1 out=$2
    shift 2
    for p in "$@"; do
        if ! grep -qF -- "$p" <<< "$out"; then
            fail "$name" "'$p' not in the output: $(tail -3 <<< "$out" | tr '\n' ' ')"
            return 1
        fi
    done
    pass "$name"
}

# ---------------------------------------------------------------- the kernel
cat > "$work/dot.s" <<'EOF'
# dot: out[g] = sum over group g's 32*K elements of a[i]*b[i] (f32): lane l
# adds a[i]*b[i] for i = 32*(g*K + k) + l, k = 0..K-1 (mul_f32 then
# add_f32), then red8_add_f32 / redfin_add_f32. Arguments: out, a, b, K.
.waves 1
.alias outp, v16
.alias ap, v17
.alias bp, v18
.alias k, v19
.alias lane0, v20
.alias i, v21
.alias addr, v22
.alias baddr, v23
.alias count, v24
.alias x, v32
.alias y, v33
.alias acc, v34
.alias tmp, v35
    global_load32 s0, outp, one, args
    add tmp, args, 4
    global_load32 s1, ap, one, tmp
    add tmp, args, 8
    global_load32 s2, bp, one, tmp
    add tmp, args, 12
    global_load32 s3, k, one, tmp
    eq lane0, sid, 0
    mov acc, 0.0
    sig_waitall4 s0, s1, s2, s3
    mul_lo i, group, k
    shl i, i, 5
    add i, i, sid
    mov count, k
loop:
    shl addr, i, 2
    add baddr, addr, bp
    add addr, addr, ap
    global_load32 s0, x, one, addr
    global_load32 s1, y, one, baddr        # the planted fault's line
    sig_waitall2 s0, s1
    mul_f32 x, x, y
    add_f32 acc, acc, x                    # the planted mismatch's line
    add i, i, 32
    s_sub count, count, 1
    brnz loop, count
    red8_add_f32 acc, acc
    redfin_add_f32 acc, acc
    shl addr, group, 2
    add addr, addr, outp
    global_store32 s2, addr, lane0, acc
    sig_wait s2
    end
EOF
python3 - "$work" <<'EOF'
import random, struct, sys
d = sys.argv[1]
def f32(x): return struct.unpack('<f', struct.pack('<f', x))[0]
def save(path, values, descr='<f4', fmt='f'):
    h = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (descr, len(values))
    h += ' ' * (-(11 + len(h)) % 64) + '\n'
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(h)) + h.encode())
        f.write(struct.pack('<%d%s' % (len(values), fmt), *values))
G, K = 8, 6
rng = random.Random(11)
a = [f32(rng.uniform(-2, 2)) for _ in range(32 * G * K)]
b = [f32(rng.uniform(-2, 2)) for _ in range(32 * G * K)]
add = lambda p, q: f32(p + q)
out = []
for g in range(G):
    acc = [0.0] * 32
    for k in range(K):
        for l in range(32):
            i = 32 * (g * K + k) + l
            acc[l] = add(acc[l], f32(a[i] * b[i]))
    c = [add(add(add(acc[j], acc[j+1]), add(acc[j+2], acc[j+3])), add(add(acc[j+4], acc[j+5]), add(acc[j+6], acc[j+7])))
         for j in (0, 8, 16, 24)]
    out.append(add(add(c[0], c[1]), add(c[2], c[3])))
save(d + '/a.npy', a)
save(d + '/b.npy', b)
save(d + '/expect.npy', out)
bad = list(out)
bad[5] = f32(bad[5] * 2 + 1)
save(d + '/wrong.npy', bad)
save(d + '/short.npy', out[:7])
EOF
RUN=("$work/dot.s" --groups 8 --buf out:f32=zeros:8 --buf "a=file:$work/a.npy" --buf "b=file:$work/b.npy" --args out,a,b,6)
line_of() { grep -n -F -- "$1" "$work/dot.s" | head -1 | cut -d: -f1; }

# ---------------------------------------------------------------- both backends
for be in rtl golden; do
    out=$("$WGRUN" "${RUN[@]}" --backend $be --expect "out=$work/expect.npy" --dump "out=$work/out_$be.npy" 2>&1)
    rc=$?
    if [ $rc -eq 0 ] && grep -q "^PASS $work/dot.s" <<< "$out" && grep -q "check      out vs $work/expect.npy: 8 words equal" <<< "$out"; then
        pass "dot_f32_npy_$be"
    else
        fail "dot_f32_npy_$be" "exit $rc: $(tail -3 <<< "$out" | tr '\n' ' ')"
    fi
done
if cmp -s "$work/out_rtl.npy" "$work/out_golden.npy" && [ -s "$work/out_rtl.npy" ]; then pass dump_npy_both_backends_equal
else fail dump_npy_both_backends_equal "the dumped outputs differ or are empty"; fi
# The dumped .npy reads back as the expected output.
out=$("$WGRUN" "${RUN[@]}" --backend golden --quiet --expect "out=$work/out_rtl.npy" 2>&1)
if [ $? -eq 0 ]; then pass dump_reads_back; else fail dump_reads_back "$(tail -2 <<< "$out")"; fi

# A wrong expected file fails, naming the first differing word (word 5).
out=$("$WGRUN" "${RUN[@]}" --backend golden --quiet --expect "out=$work/wrong.npy" 2>&1)
rc=$?
if [ $rc -eq 1 ]; then expect_in expect_reports_first_word "$out" "out vs $work/wrong.npy: word 5 " "(1 of 8 words differ)" "FAIL $work/dot.s"
else fail expect_reports_first_word "exit $rc, not 1"; fi
out=$("$WGRUN" "${RUN[@]}" --backend golden --quiet --expect "out=$work/short.npy" 2>&1)
if [ $? -eq 1 ]; then expect_in expect_length_mismatch "$out" "the file holds 7 words, the buffer 8"
else fail expect_length_mismatch "did not fail"; fi

# ---------------------------------------------------------------- --stats and --timeline
# The stats file holds the counters wgrun printed; the timeline's columns,
# summed per CU, are that CU's counters, and its rows cover every cycle.
out=$("$WGRUN" "${RUN[@]}" --lockstep off --stats "$work/stats.txt" --timeline "$work/tl.txt" --timeline-every 64 2>&1)
rc=$?
if [ $rc -eq 0 ] && why=$(python3 - "$work/stats.txt" "$work/tl.txt" "$out" 2>&1 <<'PY'
import re, sys
st = dict(l.rstrip("\n").split("=", 1) for l in open(sys.argv[1]) if "=" in l and not l.startswith("#"))
cyc = int(re.search(r"^cycles\s+(\d+)", sys.argv[3], re.M)[1])
assert st["result"] == "PASS" and int(st["cycles"]) == cyc, ("stats cycles", st.get("result"), st.get("cycles"), cyc)
assert int(st["instructions"]) == int(re.search(r"^insts\s+(\d+)", sys.argv[3], re.M)[1]), "stats instructions"
rows = [list(map(int, l.split())) for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")]
cols = {"insts": 3, "lds": 5, "gmem": 6, "mem_reqs": 7, "l1_hits": 8, "placed": 10}
ctr = {"insts": "insts", "lds": "lds_insts", "gmem": "gmem_insts", "mem_reqs": "mem_reqs", "l1_hits": "l1_hits",
       "placed": "groups"}
for c in range(int(st["num_cus"])):
    mine = [r for r in rows if r[2] == c]
    assert sum(r[1] for r in mine) == cyc + 1, ("timeline cycles covered", c)
    assert all(r[1] == 64 for r in mine[:-1]), ("timeline interval", c)
    for k, i in cols.items():
        assert sum(r[i] for r in mine) == int(st["cu%d.%s" % (c, ctr[k])]), ("timeline column", c, k)
assert rows[-1][0] == cyc, "timeline last row"
PY
); then
    pass stats_and_timeline_hold_the_counters
else
    fail stats_and_timeline_hold_the_counters "exit $rc: $(tail -1 <<< "${why:-}") $(tail -2 <<< "$out" | tr '\n' ' ')"
fi
out=$("$WGRUN" "${RUN[@]}" --backend golden --quiet --stats "$work/gstats.txt" 2>&1)
if [ $? -eq 0 ] && grep -q '^backend=golden$' "$work/gstats.txt" && grep -q '^lane_ops=[1-9]' "$work/gstats.txt"; then
    pass stats_on_golden
else
    fail stats_on_golden "$(tail -2 <<< "$out" | tr '\n' ' ')"
fi

# ---------------------------------------------------------------- source-level reports
fl=$(line_of "global_load32 s1, y, one, baddr")
for be in golden rtl; do
    out=$("$WGRUN" "$work/dot.s" --backend $be --groups 1 --buf out=zeros:1 --buf a=zeros:256 --args out,a,0x7ffff000,8 2>&1)
    rc=$?
    if [ $rc -eq 1 ]; then
        expect_in "fault_names_source_line_$be" "$out" "GLOBAL_OUT_OF_RANGE" "(at $work/dot.s:$fl: global_load32 s1, y, one, baddr" \
            "global_load32 s1, v33, one, v23"
    else fail "fault_names_source_line_$be" "exit $rc: $(tail -2 <<< "$out")"; fi
    out=$("$WGRUN" "$work/dot.s" --backend $be --groups 1 --buf out=zeros:1 --buf a=zeros:256 --args out,a,0x7ffff000,8 \
        --expect-fault GLOBAL_OUT_OF_RANGE --quiet 2>&1)
    if [ $? -eq 0 ]; then pass "expect_fault_$be"; else fail "expect_fault_$be" "$(tail -2 <<< "$out")"; fi
done
# After a fault the counters of retired instructions agree with the golden
# model (a faulting access counts in none); the LDS store of the groups on
# the other CUs was in flight when the first fault stopped the task.
cat > "$work/lds_fault.s" <<'EOF2'
.waves 1
.lds 256
    shl v20, sid, 4                  # lanes 16..31 fall past the group's 256 bytes
    local_store32 v20, one, sid
    end
EOF2
out=$("$WGRUN" "$work/lds_fault.s" --groups 4 --expect-fault LDS_OUT_OF_RANGE 2>&1)
if [ $? -eq 0 ]; then expect_in fault_counters_agree "$out" "the 15 counters the golden model keeps agree with it, but for lds_accesses"
else fail fault_counters_agree "$(grep -E 'mismatch|FAIL' <<< "$out" | head -2 | tr '\n' ' ')"; fi
out=$("$WGRUN" "${RUN[@]}" --expect-fault GLOBAL_OUT_OF_RANGE --quiet --backend golden 2>&1)
if [ $? -eq 1 ]; then expect_in expect_fault_missing "$out" "the run ended without a fault"; else fail expect_fault_missing "did not fail"; fi

# The lockstep mismatch: the pc of the add_f32 line, from wgdis --source.
ml=$(line_of "add_f32 acc, acc, x")
"$BIN/wgasm" -o "$work/dot.wgk" "$work/dot.s"
pc=$("$BIN/wgdis" --source "$work/dot.wgk" | grep -A1 -F "dot.s:$ml:" | sed -n 's/.*# \([0-9]*\)$/\1/p' | head -1)
if [ -z "$pc" ]; then
    fail lockstep_mismatch_names_source_line "no pc for line $ml in wgdis --source"
else
    out=$(WAVEGPU_LOCKSTEP_PLANT=$pc "$WGRUN" "${RUN[@]}" --quiet 2>&1)
    if [ $? -eq 1 ]; then
        expect_in lockstep_mismatch_names_source_line "$out" "lockstep mismatch" "pc $pc \`add_f32 v34, v34, v32\`" \
            "(at $work/dot.s:$ml: add_f32 acc, acc, x" "dest_data lane 0"
    else fail lockstep_mismatch_names_source_line "the planted mismatch was not reported"; fi
    # The same from the .wgk (the line table travels in the binary).
    out=$(WAVEGPU_LOCKSTEP_PLANT=$pc "$WGRUN" "$work/dot.wgk" "${RUN[@]:1}" --quiet 2>&1)
    expect_in lockstep_mismatch_source_from_wgk "$out" "(at $work/dot.s:$ml: add_f32 acc, acc, x"
fi
# A version 1 binary has no line table: the report gives the disassembly only.
"$BIN/wgasm" --no-lines -o "$work/dot1.wgk" "$work/dot.s"
out=$("$WGRUN" "$work/dot1.wgk" --backend golden --groups 1 --buf out=zeros:1 --buf a=zeros:256 --args out,a,0x7ffff000,8 2>&1)
if grep -q "global_load32 s1, v33, one, v23" <<< "$out" && ! grep -q "(at " <<< "$out"; then pass fault_without_line_table
else fail fault_without_line_table "$(grep -i fault <<< "$out" | head -2)"; fi

# A timeout names where each running wave stood, with its source line.
for be in golden rtl; do
    out=$("$WGRUN" "${RUN[@]}" --backend $be --max-cycles 300 --quiet 2>&1)
    rc=$?
    if [ $rc -eq 1 ]; then
        expect_in "timeout_names_source_lines_$be" "$out" "timeout" "waves still running: wave 0 (cu 0, group 0)" "($work/dot.s:"
    else fail "timeout_names_source_lines_$be" "exit $rc"; fi
done

# A source with a run line, run without --header, buffers or arguments: a
# note says that --header uses the run line (the run itself goes on).
out=$("$WGRUN" kernels/vecadd_u32.s --backend golden --max-cycles 2000 --quiet 2>&1)
expect_in run_line_note "$out" "kernels/vecadd_u32.s has a '# run:' line, which only --header uses"
out=$("$WGRUN" kernels/vecadd_u32.s --header --backend golden --quiet 2>&1)
if grep -q "note:" <<< "$out"; then fail run_line_note_header "a note with --header: $out"; else pass run_line_note_header; fi
# "# run:" inside a line (here after an instruction) is not a run line: no note.
printf '    end   # run: not a run line\n' > "$work/midline.s"
out=$("$WGRUN" "$work/midline.s" --backend golden --quiet 2>&1)
if grep -q "note:" <<< "$out"; then fail run_line_note_midline "a note for a mid-line '# run:': $out"; else pass run_line_note_midline; fi

# ---------------------------------------------------------------- bad input: one line, exit 2
# bad CASE PATTERN PROGRAM ARGS...: exit status 2 and PATTERN in the one-line message.
bad() {
    local name=$1 pat=$2
    shift 2
    local out rc
    out=$("$@" 2>&1 >/dev/null)
    rc=$?
    if [ $rc -ne 2 ]; then fail "bad_input_$name" "exit $rc, not 2 ($out)"; return; fi
    if ! grep -qF -- "$pat" <<< "$out"; then fail "bad_input_$name" "'$pat' not in: $out"; return; fi
    if [ "$(grep -c . <<< "$out")" -gt 3 ]; then fail "bad_input_$name" "more than a short message: $out"; return; fi
    pass "bad_input_$name"
}
printf 'not a npy file at all' > "$work/bad.npy"
printf '\x93NUMPY\x01\x00\x10\x00{"descr": <f4  \n' > "$work/trunc.npy"
bad unknown_option "unknown option '--frobnicate'" "$WGRUN" "${RUN[@]}" --frobnicate 1
bad missing_value "--groups needs a value" "$WGRUN" "${RUN[@]}" --groups
bad too_large_for_memory "more than its 65536 (--mem-bytes)" "$WGRUN" "$work/dot.s" --mem-bytes 65536 --buf a=zeros:10000 --buf b=zeros:10000
bad buffer_longer_than_memory "--buf a" "$WGRUN" "$work/dot.s" --buf a=zeros:99999999
bad missing_file "No such file or directory" "$WGRUN" "$work/dot.s" --buf "a=file:$work/none.npy"
bad missing_kernel "$work/none.s: No such file or directory" "$WGRUN" "$work/none.s"
bad kernel_is_directory "$work: is a directory" "$WGRUN" "$work"
bad malformed_npy "bad.npy" "$WGRUN" "$work/dot.s" --buf "a=file:$work/bad.npy"
bad truncated_npy "trunc.npy" "$WGRUN" "$work/dot.s" --buf "a=file:$work/trunc.npy"
bad arg_unknown_buffer "'c' names no buffer (buffers: out, a, b)" "$WGRUN" "${RUN[@]}" --arg c
bad len_unknown_buffer "'zz' names no buffer" "$WGRUN" "${RUN[@]}" --arg len:zz
bad dump_unknown_buffer "--dump: 'zz' names no buffer" "$WGRUN" "${RUN[@]}" --dump zz=x.npy
bad buffer_twice "buffer 'a' is defined twice" "$WGRUN" "${RUN[@]}" --buf a=zeros:4
bad bad_spec_kind "unknown kind 'ones'" "$WGRUN" "$work/dot.s" --buf a=ones:4
bad assembly_error "dot_bad.s:1:" sh -c "printf 'frob v1, v2\n' > '$work/dot_bad.s'; '$WGRUN' '$work/dot_bad.s'"
bad fst_on_golden "--fst: waves come from the RTL" "$WGRUN" "${RUN[@]}" --backend golden --fst "$work/x.fst"
bad expect_fault_unknown "'NOPE' is no fault" "$WGRUN" "${RUN[@]}" --expect-fault NOPE
bad timeline_on_golden "--timeline: the timeline comes from the RTL" "$WGRUN" "${RUN[@]}" --backend golden --timeline "$work/t.txt"
bad timeline_every_alone "--timeline-every: no --timeline given" "$WGRUN" "${RUN[@]}" --timeline-every 64
bad timeline_every_zero "--timeline-every: 0 is out of range" "$WGRUN" "${RUN[@]}" --timeline "$work/t.txt" --timeline-every 0
# Numbers, strictly (issue 17's list, in both tools).
bad wgrun_groups_suffix "--groups: '7x' is not a number" "$WGRUN" "${RUN[@]}" --groups 7x
bad wgrun_groups_wraps "--groups: 4294967297 is too large" "$WGRUN" "${RUN[@]}" --groups 4294967297
bad wgrun_cus_letters "--cus: 'abc' is not a number" "$WGRUN" "${RUN[@]}" --cus abc
bad wgrun_latency_zero "--latency: 0 is out of range 1..1000000" "$WGRUN" "${RUN[@]}" --latency 0
bad wgrun_trace_window "--trace-end 5 is not after --trace-start 10" "$WGRUN" "${RUN[@]}" --fst "$work/x.fst" --trace-start 10 --trace-end 5
bad sim_n_wraps "--n: 4294967297 is too large" "$SIM" --kernel vecadd_u32 --n 4294967297
bad sim_n_suffix "--n: '7x' is not a number" "$SIM" --kernel vecadd_u32 --n 7x
bad sim_cus_letters "--cus: 'abc' is not a number" "$SIM" --kernel vecadd_u32 --cus abc
bad sim_latency_zero "--latency: 0 is out of range 1..1000000" "$SIM" --kernel vecadd_u32 --latency 0
bad sim_trace_window "--trace-end 5 is not after --trace-start 10" "$SIM" --kernel vecadd_u32 --fst "$work/x.fst" --trace-start 10 --trace-end 5
bad sim_unknown_kernel "no host driver for kernel 'dot'" "$SIM" --kernel dot

# ---------------------------------------------------------------- make sim's script
mkdir -p "$work/kernels"
grep -v '# run:' "$work/dot.s" > "$work/kernels/norun.s"
out=$(KERNEL_DIR="$work/kernels" bash scripts/sim_kernel.sh norun "$SIM" "$WGRUN" 2>&1)
rc=$?
if [ $rc -eq 2 ]; then expect_in sim_kernel_without_run_line "$out" "has no '# run:' line" "# run: --groups"
else fail sim_kernel_without_run_line "exit $rc"; fi
{ echo "# run: ${RUN[*]:1} --quiet"; cat "$work/dot.s"; } > "$work/kernels/withrun.s"
out=$(KERNEL_DIR="$work/kernels" bash scripts/sim_kernel.sh withrun "$SIM" "$WGRUN" --cus 2 2>&1)
if [ $? -eq 0 ] && grep -q "^PASS $work/kernels/withrun.s" <<< "$out"; then pass sim_kernel_runs_run_line
else fail sim_kernel_runs_run_line "$(tail -3 <<< "$out" | tr '\n' ' ')"; fi
out=$(KERNEL_DIR="$work/kernels" bash scripts/sim_kernel.sh nosuch "$SIM" "$WGRUN" 2>&1)
if [ $? -eq 2 ]; then expect_in sim_kernel_unknown "$out" "no kernel $work/kernels/nosuch.s"
else fail sim_kernel_unknown "did not fail"; fi

exit $failed
