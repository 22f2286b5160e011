package org.merrills.db;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import net.openhft.chronicle.bytes.MappedBytesStore;
import net.openhft.chronicle.bytes.MappedFile;
import net.openhft.chronicle.core.Jvm;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.core.io.ReferenceOwner;

/**
 * A file mapped into memory as ONE mapping with Chronicle Bytes ({@link MappedFile#ofSingle}),
 * whatever its size: Chronicle's chunked mapping costs about 1000x more per random read, and a
 * sector file of the standard game is larger than 2 GiB, beyond one {@code MappedByteBuffer}.
 * Callers read and write through {@link #address()} with bounds they check themselves.
 */
final class WholeFileMapping implements AutoCloseable {
    /** Chronicle's own switch (read the way Chronicle reads it): with it, the file releases its store itself. */
    private static final boolean RETAINED_BY_CHRONICLE = Jvm.getBoolean("mappedFile.retain");

    private final MappedFile file;
    private final MappedBytesStore store;
    private final ReferenceOwner owner;
    private final long address;
    private final long size;
    private boolean closed;

    private WholeFileMapping(MappedFile file, MappedBytesStore store, ReferenceOwner owner, long size) {
        this.file = file;
        this.store = store;
        this.owner = owner;
        this.address = file.readOnly() ? store.addressForRead(0) : store.addressForWrite(0);
        this.size = size;
    }

    /**
     * Maps {@code size} bytes of {@code path}. A writable mapping grows the file to at least
     * {@code size} bytes (rounded up to a page; new bytes are zero); a read-only one never
     * changes the file.
     */
    static WholeFileMapping map(Path path, long size, boolean readOnly) throws IOException {
        MappedFile file = MappedFile.ofSingle(path.toFile(), Math.max(size, 1), readOnly);
        ReferenceOwner owner = ReferenceOwner.temporary("merrills-" + path.getFileName());
        try {
            MappedBytesStore store = file.acquireByteStore(owner, 0);
            return new WholeFileMapping(file, store, owner, size);
        } catch (IOException | RuntimeException e) {
            file.releaseLast();
            throw e;
        }
    }

    /**
     * The channel of the very file mapped (not of whatever the path names now: a writer may have
     * renamed another file over it since).
     */
    FileChannel channel() {
        return file.raf().getChannel();
    }

    /** The address of byte 0 of the file. */
    long address() {
        return address;
    }

    long size() {
        return size;
    }

    /**
     * Unmaps the file. Chronicle's single mapping keeps a reference of its own to the store and
     * gives it up on release only under {@code -DmappedFile.retain=true}; without that the mapping
     * would outlive the file object, and a run that reads hundreds of sectors would keep every one
     * mapped and resident. So the file's reference goes here, whatever the property says.
     */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            boolean writable = !file.readOnly();
            store.release(owner);
            if (!RETAINED_BY_CHRONICLE && store.refCount() > 0) {
                store.release(file);
            }
            file.releaseLast();
            if (writable) {
                // Chronicle unmaps and closes on its background releaser thread: wait for it, so
                // that a temporary file deleted next gives its disk back at once (a full disk's
                // abort, then the catalogue's seal, failed with no space under load, 2026-12-05)
                BackgroundResourceReleaser.releasePendingResources();
            }
        }
    }
}
