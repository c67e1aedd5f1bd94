#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Minimal .npy I/O for the expected-output generators of scripts/ref/.

Only what the generators and wgrun (--buf NAME=file:, --expect) need: 1-D
arrays of 32-bit words, little-endian u32 ('<u4'), i32 ('<i4') or f32
('<f4'), format version 1.0. Standard library only.

  write(path, values, dtype='u32')  values: ints (u32: taken modulo 2^32;
                                    i32: -2^31..2^31-1) or, for f32, floats
                                    (rounded to f32 once, by struct)
  read(path) -> (values, dtype)     the same conventions
  f32(x) -> float                   x rounded to the nearest f32
  out_path(name) -> str             build/ref/NAME (the folder is created)
"""
import ast
import os
import struct

_DESCR = {'u32': '<u4', 'i32': '<i4', 'f32': '<f4'}
_FMT = {'u32': '<I', 'i32': '<i', 'f32': '<f'}
_MAGIC = b'\x93NUMPY'


def f32(x):
    """x rounded to the nearest f32 (ties to even), as a Python float."""
    return struct.unpack('<f', struct.pack('<f', x))[0]


def out_path(name):
    """build/ref/NAME relative to the current directory (the repository
    root), creating build/ref/ if needed."""
    os.makedirs(os.path.join('build', 'ref'), exist_ok=True)
    return os.path.join('build', 'ref', name)


def write(path, values, dtype='u32'):
    if dtype not in _DESCR:
        raise ValueError('dtype %r is not u32, i32 or f32' % (dtype,))
    values = list(values)
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (_DESCR[dtype], len(values))
    # magic (6) + version (2) + header length (2) + header + '\n': a multiple of 64
    total = 10 + len(header) + 1
    header += ' ' * ((-total) % 64) + '\n'
    if dtype == 'u32':
        values = [v & 0xFFFFFFFF for v in values]
    body = struct.pack('<%d%s' % (len(values), _FMT[dtype][1]), *values)
    with open(path, 'wb') as f:
        f.write(_MAGIC + b'\x01\x00' + struct.pack('<H', len(header)) + header.encode('latin1') + body)


def read(path):
    with open(path, 'rb') as f:
        data = f.read()
    if data[:6] != _MAGIC:
        raise ValueError('%s: not a .npy file' % path)
    major = data[6]
    if major == 1:
        hlen, start = struct.unpack('<H', data[8:10])[0], 10
    elif major in (2, 3):
        hlen, start = struct.unpack('<I', data[8:12])[0], 12
    else:
        raise ValueError('%s: .npy version %d is not supported' % (path, major))
    hdr = ast.literal_eval(data[start:start + hlen].decode('latin1'))
    descr, shape = hdr['descr'], hdr['shape']
    dtype = {v: k for k, v in _DESCR.items()}.get(descr.replace('|', '<'))
    if dtype is None or hdr.get('fortran_order') or len(shape) != 1:
        raise ValueError('%s: %s %r is not a 1-D array of u32, i32 or f32' % (path, descr, shape))
    n = shape[0]
    body = data[start + hlen:start + hlen + 4 * n]
    if len(body) != 4 * n:
        raise ValueError('%s: truncated (%d of %d bytes)' % (path, len(body), 4 * n))
    return list(struct.unpack('<%d%s' % (n, _FMT[dtype][1]), body)), dtype
