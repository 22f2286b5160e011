package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PeakMemoryTest {
    @Test
    void readsTheHighWaterMarkOfAStatusText() {
        String status = "Name:\tjava\nVmPeak:\t 9000000 kB\nVmHWM:\t  123456 kB\nVmRSS:\t  100000 kB\n";
        assertEquals(123456L * 1024, PeakMemory.vmHwmBytes(status));
        assertEquals(-1, PeakMemory.vmHwmBytes("Name:\tjava\nVmRSS:\t 1 kB\n"));
    }

    @Test
    void aPeakNeverResetIsUnknown() {
        PeakMemory p = new PeakMemory();
        assertEquals(-1, p.peakBytes());
        assertEquals("", p.suffix());
    }

    @Test
    void aResetPeakCoversWhatIsTouchedAfter() {
        assumeTrue(Files.isWritable(Path.of("/proc/self/clear_refs")), "Linux with a writable /proc");
        PeakMemory p = new PeakMemory();
        p.reset();
        long before = p.peakBytes();
        assumeTrue(before > 0, "a kernel that resets the peak (Linux 4.0 and newer)");
        // Off the heap: a heap array may land in pages the collector already holds resident (in CI
        // the heap had grown to 1.8 GB under earlier tests), which would raise no peak. A direct
        // buffer of this size is a fresh mapping, and allocating it zeroes, so touches, every page.
        ByteBuffer touched = ByteBuffer.allocateDirect(256 << 20);
        for (int i = 0; i < touched.capacity(); i += 4096) {
            touched.put(i, (byte) 1);
        }
        long after = p.peakBytes();
        assertTrue(after >= before + (200L << 20), "256 MiB touched: " + before + " -> " + after);
        assertTrue(p.suffix().startsWith("  peak "), p.suffix());
        assertEquals(1, touched.get(4096));
    }
}
