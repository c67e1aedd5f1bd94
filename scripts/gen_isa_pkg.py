#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generates rtl/gpu_isa_pkg.sv and the opcode appendix of docs/isa.md from csrc/isa.def.

usage: gen_isa_pkg.py ISA_DEF PKG_OUT [--doc docs/isa.md] [--check]

With --check nothing is written: the script exits 1, naming each file, if
regenerating would change it. isa.def is the only place opcodes are written;
this script only re-expresses it.
"""
import re
import sys

ROW = re.compile(r'^\s*(ISA_\w+)\((.*)\)\s*(?:/\*.*\*/)?\s*$')


def split_args(text):
    args, cur, in_str, depth = [], '', False, 0
    for ch in text:
        if ch == '"':
            in_str = not in_str
        if not in_str and ch in '()':
            depth += 1 if ch == '(' else -1
        if ch == ',' and not in_str and depth == 0:
            args.append(cur.strip())
            cur = ''
        else:
            cur += ch
    args.append(cur.strip())
    return args


def parse(path):
    tables = {}
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            if line.lstrip().startswith('#'):
                continue
            m = ROW.match(line)
            if not m:
                continue
            kind, body = m.group(1), m.group(2)
            if kind not in ('ISA_FIELD', 'ISA_FMT', 'ISA_FMT_FIELDS', 'ISA_FMT_OPERANDS', 'ISA_KIND', 'ISA_SCOPE', 'ISA_CONST',
                            'ISA_FAULT', 'ISA_FN', 'ISA_OP'):
                continue
            args = [a.strip('"') if a.startswith('"') else a for a in split_args(body)]
            tables.setdefault(kind, []).append((lineno, args))
    return tables


def num(s):
    return int(s, 0)


def fail(msg):
    sys.stderr.write('gen_isa_pkg: %s\n' % msg)
    sys.exit(1)


def build(tables):
    fields = [(a[0], num(a[1]), num(a[2])) for _, a in tables['ISA_FIELD']]
    fmts = [a[0] for _, a in tables['ISA_FMT']]
    field_pos = {n: (hi, lo) for n, hi, lo in fields}
    fmt_bits = {}
    for lineno, a in tables['ISA_FMT_FIELDS']:
        mask = 0
        for term in a[1].split('|'):
            m = re.match(r'^\s*F\((\w+)\)\s*$', term)
            if not m or m.group(1) not in field_pos:
                fail('isa.def:%d: bad field term %r' % (lineno, term))
            hi, lo = field_pos[m.group(1)]
            mask |= ((1 << (hi - lo + 1)) - 1) << lo
        fmt_bits[a[0]] = mask
    for f in fmts:
        if f not in fmt_bits:
            fail('isa.def: format %s has no ISA_FMT_FIELDS row' % f)
    fmt_ops = {}
    for lineno, a in tables['ISA_FMT_OPERANDS']:
        if len(a) != 7 or a[0] not in fmts:
            fail('isa.def:%d: bad ISA_FMT_OPERANDS row' % lineno)
        name, dest, srcs, mask, sigs = a[0], a[1], a[2:5], a[5], a[6]
        if dest not in ('NO_DEST', 'DEST', 'DEST_UNLESS_NORET') or mask not in ('MASK', 'NO_MASK'):
            fail('isa.def:%d: bad destination or mask in ISA_FMT_OPERANDS' % lineno)
        slots = []
        for t in srcs:
            m = re.match(r'^(SHORT|VREG)\((\w+)\)$', t)
            if m:
                if m.group(2) not in field_pos:
                    fail('isa.def:%d: unknown field %s' % (lineno, m.group(2)))
                slots.append((m.group(1), m.group(2)))
            elif t in ('NO_SRC', 'LONG', 'CAS_D'):
                slots.append((t, None))
            else:
                fail('isa.def:%d: bad source slot %r' % (lineno, t))
        m = re.match(r'^(SIG|SIG_LIST)\((\w+)\)$', sigs)
        if m:
            if m.group(2) not in field_pos:
                fail('isa.def:%d: unknown field %s' % (lineno, m.group(2)))
            sig = (m.group(1), m.group(2))
        elif sigs == 'NO_SIGS':
            sig = ('NO_SIGS', None)
        else:
            fail('isa.def:%d: bad signals %r' % (lineno, sigs))
        fmt_ops[name] = (dest, slots, mask == 'MASK', sig)
    for f in fmts:
        if f not in fmt_ops:
            fail('isa.def: format %s has no ISA_FMT_OPERANDS row' % f)
    kinds = [(a[0], num(a[1])) for _, a in tables['ISA_KIND']]
    scopes = [(a[0], num(a[2])) for _, a in tables['ISA_SCOPE']]
    consts = [(a[0], a[1], num(a[2])) for _, a in tables['ISA_CONST']]
    faults = [(a[0], num(a[1]), a[2]) for _, a in tables['ISA_FAULT']]
    fn_classes = ['INT', 'F32', 'F32_DIVSQRT', 'SDIV']
    fns = [(a[0], num(a[1])) for _, a in tables['ISA_FN']]
    fn_class = {}
    for lineno, a in tables['ISA_FN']:
        if len(a) != 3 or a[2] not in fn_classes:
            fail('isa.def:%d: ISA_FN needs a class, one of %s' % (lineno, ', '.join(fn_classes)))
        fn_class[num(a[1])] = fn_classes.index(a[2])
    units = ['CTRL', 'VALU', 'SALU', 'XLANE', 'RED', 'BRANCH', 'SIG', 'LDS', 'GMEM']
    fn_code = dict(fns)
    ops = []
    seen = {}
    for lineno, a in tables['ISA_OP']:
        name, mnem, code, fmt, unit, aux = a
        code = num(code)
        if code in seen:
            fail('isa.def:%d: opcode 0x%02X of %s already used by %s' % (lineno, code, name, seen[code]))
        seen[code] = name
        if fmt not in fmts:
            fail('isa.def:%d: unknown format %s' % (lineno, fmt))
        if unit not in units:
            fail('isa.def:%d: unknown unit %s' % (lineno, unit))
        if aux.startswith('ISA_FN_'):
            if aux[7:] not in fn_code:
                fail('isa.def:%d: unknown ALU function %s' % (lineno, aux))
            auxv = fn_code[aux[7:]]
        else:
            auxv = num(aux)
        ops.append((name, mnem, code, fmt, unit, auxv))
    return fields, (fmts, fmt_bits, fmt_ops), kinds, scopes, consts, faults, (fns, fn_classes, fn_class), units, ops


def gen_pkg(t):
    fields, (fmts, fmt_bits, fmt_ops), kinds, scopes, consts, faults, (fns, fn_classes, fn_class), units, ops = t
    field_pos = {n: (hi, lo) for n, hi, lo in fields}
    o = []
    w = o.append
    w('// SPDX-License-Identifier: Apache-2.0')
    w('// gpu_isa_pkg: instruction-set constants for the RTL.')
    w('// GENERATED by scripts/gen_isa_pkg.py from csrc/isa.def -- do not edit; run `make gen`.')
    w('// `make test` fails if this file differs from what the generator writes.')
    w('`default_nettype none')
    w('')
    w('package gpu_isa_pkg;')
    w('')
    w('  localparam int NUM_LANES = 32;')
    w('  localparam int NUM_REGS = 64;')
    w('  localparam int NUM_CONSTS = 16;')
    w('  localparam int NUM_SIGNALS = 16;')
    w('  localparam int LDS_BYTES = 65536;')
    w('  localparam int MAX_INSTS = 4096;')
    w('  localparam int GLOBAL_NULL_BYTES = 4096;')
    w('')
    w('  // Instruction word fields: <NAME>_HI and <NAME>_LO bit positions.')
    for n, hi, lo in fields:
        w('  localparam int F_%s_HI = %d;' % (n, hi))
        w('  localparam int F_%s_LO = %d;' % (n, lo))
    w('')
    w('  // Formats.')
    for i, f in enumerate(fmts):
        w("  localparam logic [4:0] FMT_%s = 5'd%d;" % (f, i))
    w('')
    w('  // Bits each format may set (every other bit must be zero); entry k is FMT_USED_BITS[k*64 +: 64].')
    w('  // SIGD/SIGW may use only as many of S1..S4 as the opcode signal count (OPCODE_AUX).')
    used = 0
    for i, f in enumerate(fmts):
        used |= fmt_bits[f] << (64 * i)
    w("  localparam logic [%d:0] FMT_USED_BITS = %d'h%0*X;" % (64 * len(fmts) - 1, 64 * len(fmts), 16 * len(fmts), used))
    w('')
    w('  // Execution units.')
    for i, u in enumerate(units):
        w("  localparam logic [3:0] UNIT_%s = 4'd%d;" % (u, i))
    w('')
    w('  // Source operand kinds.')
    for n, c in kinds:
        w("  localparam logic [1:0] KIND_%s = 2'd%d;" % (n, c))
    w('')
    w('  // Scopes of global accesses.')
    for n, c in scopes:
        w("  localparam logic [1:0] SCOPE_%s = 2'd%d;" % (n, c))
    w('')
    w('  // Predefined constant registers.')
    for n, text, r in consts:
        w("  localparam logic [5:0] REG_%s = 6'd%d;" % (n, r))
    w('')
    w('  // Fault codes.')
    for n, c, text in faults:
        w("  localparam logic [3:0] FAULT_%s = 4'd%d;  // %s" % (n, c, text))
    w('')
    w('  // ALU functions.')
    for n, c in fns:
        w("  localparam logic [5:0] FN_%s = 6'd%d;" % (n, c))
    w('')
    w('  // Where a VALU/SALU function executes (ISA_FN class): FN_CLASS[fn*2 +: 2].')
    for i, c in enumerate(fn_classes):
        w("  localparam logic [1:0] FNC_%s = 2'd%d;" % (c, i))
    cls_t = 0
    for code, c in fn_class.items():
        cls_t |= c << (code * 2)
    w("  localparam logic [127:0] FN_CLASS = 128'h%032X;" % cls_t)
    w('')
    gen_fmt_functions(w, fmts, fmt_ops, field_pos)
    w('  // Opcodes.')
    for name, mnem, code, fmt, unit, aux in ops:
        w("  localparam logic [7:0] OP_%s = 8'h%02X;  // %s" % (name, code, mnem))
    w('')
    w('  // Decode tables indexed by opcode: entry k is bits [k*W +: W].')
    valid = 0
    fmt_t = 0
    unit_t = 0
    aux_t = 0
    for name, mnem, code, fmt, unit, aux in ops:
        valid |= 1 << code
        fmt_t |= fmts.index(fmt) << (code * 5)
        unit_t |= units.index(unit) << (code * 4)
        aux_t |= (aux & 63) << (code * 6)
    w("  localparam logic [255:0] OPCODE_VALID = 256'h%064X;" % valid)
    w("  localparam logic [1279:0] OPCODE_FMT = 1280'h%0320X;" % fmt_t)
    w("  localparam logic [1023:0] OPCODE_UNIT = 1024'h%0256X;" % unit_t)
    w('  // ALU function of VALU/SALU/RED/atomic opcodes; signal count of SIG opcodes.')
    w("  localparam logic [1535:0] OPCODE_AUX = 1536'h%0384X;" % aux_t)
    w('')
    w('endpackage')
    w('')
    w('`default_nettype wire')
    return '\n'.join(o) + '\n'


def case_rows(w, fmts, value_of, default, name):
    """Case items "name = value" grouping the formats by value_of(fmt) (None or default: left to the default)."""
    groups = {}
    for f in fmts:
        v = value_of(f)
        if v is not None and v != default:
            groups.setdefault(v, []).append(f)
    for v, fs in groups.items():
        w('      %s: %s = %s;' % (', '.join('FMT_' + f for f in fs), name, v))


def gen_fmt_functions(w, fmts, fmt_ops, field_pos):
    """The ISA_FMT_OPERANDS rows as functions of the format, for gpu_decode."""
    w('  // What the fields of each format mean (ISA_FMT_OPERANDS): the decoder reads operands through these.')
    w("  localparam logic [2:0] SRC_NONE = 3'd0, SRC_SHORT = 3'd1, SRC_LONG = 3'd2, SRC_VREG = 3'd3, SRC_CAS_D = 3'd4;")
    w("  localparam logic [1:0] DEST_NONE = 2'd0, DEST_D = 2'd1, DEST_D_UNLESS_NORET = 2'd2;")
    w("  localparam logic [1:0] SIGS_NONE = 2'd0, SIGS_ONE = 2'd1, SIGS_LIST = 2'd2;")
    w('')
    src_code = {'NO_SRC': 'SRC_NONE', 'SHORT': 'SRC_SHORT', 'LONG': 'SRC_LONG', 'VREG': 'SRC_VREG', 'CAS_D': 'SRC_CAS_D'}
    for k, slot in enumerate('abc'):
        w('  // Source slot %s: its type, and its field (a short source: 14 bits; a register: [5:0]).' % slot)
        w('  function automatic logic [2:0] fmt_src_%s_type(input logic [4:0] fmt);' % slot)
        w('    case (fmt)')
        case_rows(w, fmts, lambda f: src_code[fmt_ops[f][1][k][0]], 'SRC_NONE', 'fmt_src_%s_type' % slot)
        w('      default: fmt_src_%s_type = SRC_NONE;' % slot)
        w('    endcase')
        w('  endfunction')
        w('  function automatic logic [13:0] fmt_src_%s_field(input logic [4:0] fmt, input logic [63:0] w);' % slot)
        w('    case (fmt)')

        def field_of(f, k=k):
            t, fld = fmt_ops[f][1][k]
            if t == 'SHORT':
                return 'w[F_%s_HI:F_%s_LO]' % (fld, fld)
            if t == 'VREG':
                return '{8\'d0, w[F_%s_HI:F_%s_LO]}' % (fld, fld)
            if t == 'CAS_D':
                return "{8'd0, w[F_D_HI:F_D_LO]}"
            return None
        case_rows(w, fmts, field_of, None, 'fmt_src_%s_field' % slot)
        w("      default: fmt_src_%s_field = 14'd0;" % slot)
        w('    endcase')
        w('  endfunction')
        w('')
    w('  function automatic logic [1:0] fmt_dest(input logic [4:0] fmt);')
    w('    case (fmt)')
    case_rows(w, fmts, lambda f: {'NO_DEST': 'DEST_NONE', 'DEST': 'DEST_D', 'DEST_UNLESS_NORET': 'DEST_D_UNLESS_NORET'}[fmt_ops[f][0]],
              'DEST_NONE', 'fmt_dest')
    w('      default: fmt_dest = DEST_NONE;')
    w('    endcase')
    w('  endfunction')
    w('  function automatic logic fmt_has_mask(input logic [4:0] fmt);')
    w('    case (fmt)')
    case_rows(w, fmts, lambda f: "1'b1" if fmt_ops[f][2] else None, None, 'fmt_has_mask')
    w("      default: fmt_has_mask = 1'b0;")
    w('    endcase')
    w('  endfunction')
    w('  function automatic logic [1:0] fmt_sigs(input logic [4:0] fmt);')
    w('    case (fmt)')
    case_rows(w, fmts, lambda f: {'NO_SIGS': None, 'SIG': 'SIGS_ONE', 'SIG_LIST': 'SIGS_LIST'}[fmt_ops[f][3][0]], None, 'fmt_sigs')
    w('      default: fmt_sigs = SIGS_NONE;')
    w('    endcase')
    w('  endfunction')
    w('  // The signal slots: one (SIGS_ONE) in [3:0], or a list (SIGS_LIST) of four 4-bit fields as [k*4 +: 4].')
    w('  function automatic logic [15:0] fmt_sig_fields(input logic [4:0] fmt, input logic [63:0] w);')
    w('    case (fmt)')

    def sig_of(f):
        t, fld = fmt_ops[f][3]
        if t == 'SIG':
            return "{12'd0, w[F_%s_HI:F_%s_LO]}" % (fld, fld)
        if t == 'SIG_LIST':
            lo = field_pos[fld][1]
            return '{' + ', '.join('w[%d:%d]' % (lo - 4 * k + 3, lo - 4 * k) for k in (3, 2, 1, 0)) + '}'
        return None
    case_rows(w, fmts, sig_of, None, 'fmt_sig_fields')
    w("      default: fmt_sig_fields = 16'd0;")
    w('    endcase')
    w('  endfunction')
    w('')


DOC_BEGIN = '<!-- BEGIN GENERATED OPCODE TABLE (scripts/gen_isa_pkg.py) -->'
DOC_END = '<!-- END GENERATED OPCODE TABLE -->'


def gen_doc_table(t):
    fields, (fmts, fmt_bits, fmt_ops), kinds, scopes, consts, faults, (fns, fn_classes, fn_class), units, ops = t
    fn_name = {c: n for n, c in fns}
    o = [DOC_BEGIN, '', '| opcode | mnemonic | format | unit | ALU function / signals |', '|---|---|---|---|---|']
    for name, mnem, code, fmt, unit, aux in sorted(ops, key=lambda r: r[2]):
        if unit in ('VALU', 'SALU', 'RED') or fmt in ('LDS_ATOMIC', 'GLOBAL_ATOMIC'):
            extra = fn_name.get(aux, '') if fmt not in ('MOV', 'SEL') else ''
        elif fmt_ops[fmt][3][0] == 'SIG_LIST':
            extra = '%d signal%s' % (aux, 's' if aux > 1 else '')
        else:
            extra = ''
        o.append('| 0x%02X | `%s` | %s | %s | %s |' % (code, mnem, fmt, unit, extra))
    o += ['', DOC_END]
    return '\n'.join(o)


def update_doc(text, table):
    if DOC_BEGIN in text and DOC_END in text:
        pre = text[:text.index(DOC_BEGIN)]
        post = text[text.index(DOC_END) + len(DOC_END):]
        return pre + table + post
    return text.rstrip('\n') + '\n\n## Appendix: opcode table\nGenerated from `csrc/isa.def`.\n\n' + table + '\n'


def main(argv):
    args = [a for a in argv[1:] if not a.startswith('--')]
    check = '--check' in argv
    doc = None
    if '--doc' in argv:
        i = argv.index('--doc')
        doc = argv[i + 1]
        args.remove(doc)
    if len(args) != 2:
        fail('usage: gen_isa_pkg.py ISA_DEF PKG_OUT [--doc DOC] [--check]')
    t = build(parse(args[0]))
    outputs = [(args[1], gen_pkg(t))]
    if doc:
        with open(doc) as f:
            outputs.append((doc, update_doc(f.read(), gen_doc_table(t))))
    stale = []
    for path, text in outputs:
        try:
            with open(path) as f:
                old = f.read()
        except FileNotFoundError:
            old = None
        if old != text:
            if check:
                stale.append(path)
            else:
                with open(path, 'w') as f:
                    f.write(text)
    if stale:
        for p in stale:
            sys.stderr.write('gen_isa_pkg: %s is out of date with csrc/isa.def; run `make gen`\n' % p)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
