package org.merrills.db;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import io.airlift.compress.MalformedInputException;
import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;

/**
 * zstd for packed sector files. Native zstd (zstd-jni: the reference C library, the fastest
 * decoder and the best ratios at high levels) when its library loads on this platform; otherwise,
 * or when the system property {@code merrills.zstd=java} asks for it, the pure-Java aircompressor,
 * which decodes every zstd frame (and compresses at one fixed level). Either way the bytes on disk
 * are the same standard zstd frames.
 */
final class ZstdCodec {
    /** Whether this process uses the native library. */
    static final boolean NATIVE = loadNative();

    private ZstdCodec() {
    }

    private static boolean loadNative() {
        if ("java".equals(System.getProperty("merrills.zstd"))) {
            return false;
        }
        try {
            com.github.luben.zstd.util.Native.load();
            return Zstd.compressBound(1) > 0;
        } catch (Throwable e) { // UnsatisfiedLinkError, or no library for this platform in the jar
            return false;
        }
    }

    /** "native zstd 1.5.7" or "pure-Java zstd (aircompressor)". */
    static String describe() {
        return NATIVE ? "native zstd (zstd-jni)" : "pure-Java zstd (aircompressor)";
    }

    /** One zstd frame of {@code src[0 .. length)} at {@code level} (the pure-Java compressor has one level). */
    static byte[] compress(byte[] src, int length, int level) {
        return NATIVE ? compressNative(src, length, level) : compressJava(src, length);
    }

    static byte[] compressNative(byte[] src, int length, int level) {
        byte[] dst = new byte[(int) Zstd.compressBound(length)];
        long n = Zstd.compressByteArray(dst, 0, dst.length, src, 0, length, level);
        if (Zstd.isError(n)) {
            throw new IllegalStateException("zstd cannot compress: " + Zstd.getErrorName(n));
        }
        return java.util.Arrays.copyOf(dst, (int) n);
    }

    static byte[] compressJava(byte[] src, int length) {
        ZstdCompressor c = new ZstdCompressor();
        byte[] dst = new byte[c.maxCompressedLength(length)];
        int n = c.compress(src, 0, length, dst, 0, dst.length);
        return java.util.Arrays.copyOf(dst, n);
    }

    /**
     * Decodes the frame {@code src[0 .. srcLength)} into {@code dst}, which it must fill exactly.
     *
     * @return null, or what is wrong (a decoder error, or another length than expected)
     */
    static String decompress(byte[] src, int srcLength, byte[] dst, int dstLength) {
        return NATIVE ? decompressNative(src, srcLength, dst, dstLength) : decompressJava(src, srcLength, dst, dstLength);
    }

    static String decompressNative(byte[] src, int srcLength, byte[] dst, int dstLength) {
        try {
            long n = Zstd.decompressByteArray(dst, 0, dstLength, src, 0, srcLength);
            if (Zstd.isError(n)) {
                return "zstd: " + Zstd.getErrorName(n);
            }
            return checkLength(n, dstLength);
        } catch (ZstdException e) { // how zstd-jni reports a damaged frame
            return "zstd: " + e.getMessage();
        }
    }

    static String decompressJava(byte[] src, int srcLength, byte[] dst, int dstLength) {
        try {
            return checkLength(new ZstdDecompressor().decompress(src, 0, srcLength, dst, 0, dstLength), dstLength);
        } catch (MalformedInputException | IllegalArgumentException | IndexOutOfBoundsException e) {
            return "zstd: " + e.getMessage();
        }
    }

    private static String checkLength(long n, int expected) {
        return n == expected ? null : "decoded " + n + " bytes, the block holds " + expected;
    }
}
