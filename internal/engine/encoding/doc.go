// Package encoding owns the byte-level encoding every engine file shares:
// little-endian fixed-width integers, unsigned and zig-zag varints, the
// append-only encoder (Encbuf), the decoder that remembers its first error
// so decoding code reads as a plain sequence of calls (Decbuf), and the
// footer that ends every file (magic, format version, CRC32C), which
// readers check — version first — before trusting any other byte.
//
// It is pure: bytes in, bytes out. File I/O lives with the writers and
// readers of each structure.
//
// # Footer format
//
//	┌──────────────┬────────────────┬──────────────┐
//	│ magic <4b>   │ version <4b>   │ crc32c <4b>  │
//	└──────────────┴────────────────┴──────────────┘
//
// All three little-endian uint32. The CRC32C (Castagnoli) covers every byte
// of the file before the CRC itself, magic and version included.
//
// CheckFooter checks all three, reading the whole file: for small files
// decoded whole. Large files are opened with OpenFooter (magic and version
// only, whatever the size) and their checksum verified apart
// (VerifyChecksum over bytes, VerifyReaderAt through pread), before their
// content is trusted.
package encoding
