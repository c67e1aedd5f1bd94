# SPDX-License-Identifier: Apache-2.0
# bench_issue: the wave scheduler's issue rate (make bench, tb/bench/bench_core.c).
# Each wave runs 16 iterations of a loop of 92 integer adds, none of which
# reads a register written in the loop, plus the loop's decrement and branch:
# 16 * 94 + 2 = 1506 instructions per wave. With 2 waves on one CU the
# scheduler should issue one instruction per cycle, covering each wave's
# branch bubble with the other wave's adds.
# Arguments: none. Launch: 1 group of 2 waves on 1 CU. Writes no memory.
# run: --cus 1
.waves 2

.alias count, v63
    mov count, 16
loop:
    add v16, sid, 0
    add v17, sid, 1
    add v18, sid, 2
    add v19, sid, 3
    add v20, sid, 4
    add v21, sid, 5
    add v22, sid, 6
    add v23, sid, 7
    add v24, sid, 8
    add v25, sid, 9
    add v26, sid, 10
    add v27, sid, 11
    add v28, sid, 12
    add v29, sid, 13
    add v30, sid, 14
    add v31, sid, 15
    add v32, sid, 16
    add v33, sid, 17
    add v34, sid, 18
    add v35, sid, 19
    add v36, sid, 20
    add v37, sid, 21
    add v38, sid, 22
    add v39, sid, 23
    add v40, sid, 24
    add v41, sid, 25
    add v42, sid, 26
    add v43, sid, 27
    add v44, sid, 28
    add v45, sid, 29
    add v46, sid, 30
    add v47, sid, 31
    add v48, sid, 32
    add v49, sid, 33
    add v50, sid, 34
    add v51, sid, 35
    add v52, sid, 36
    add v53, sid, 37
    add v54, sid, 38
    add v55, sid, 39
    add v56, sid, 40
    add v57, sid, 41
    add v58, sid, 42
    add v59, sid, 43
    add v60, sid, 44
    add v61, sid, 45
    add v16, sid, 46
    add v17, sid, 47
    add v18, sid, 48
    add v19, sid, 49
    add v20, sid, 50
    add v21, sid, 51
    add v22, sid, 52
    add v23, sid, 53
    add v24, sid, 54
    add v25, sid, 55
    add v26, sid, 56
    add v27, sid, 57
    add v28, sid, 58
    add v29, sid, 59
    add v30, sid, 60
    add v31, sid, 61
    add v32, sid, 62
    add v33, sid, 63
    add v34, sid, 64
    add v35, sid, 65
    add v36, sid, 66
    add v37, sid, 67
    add v38, sid, 68
    add v39, sid, 69
    add v40, sid, 70
    add v41, sid, 71
    add v42, sid, 72
    add v43, sid, 73
    add v44, sid, 74
    add v45, sid, 75
    add v46, sid, 76
    add v47, sid, 77
    add v48, sid, 78
    add v49, sid, 79
    add v50, sid, 80
    add v51, sid, 81
    add v52, sid, 82
    add v53, sid, 83
    add v54, sid, 84
    add v55, sid, 85
    add v56, sid, 86
    add v57, sid, 87
    add v58, sid, 88
    add v59, sid, 89
    add v60, sid, 90
    add v61, sid, 91
    sub count, count, 1
    brnz loop, count
    end
