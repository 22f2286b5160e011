package org.merrills.db;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.TreeMap;
import net.openhft.chronicle.hash.VanillaGlobalMutableState;
import net.openhft.chronicle.values.ValueModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The header-state class the build compiles ({@link CatalogueStateClass}) is on the class path
 * under the name Chronicle looks for, comes from this module's classes (not from a compiler's
 * temporary output), and is the very class Chronicle uses once a catalogue has been opened: so no
 * command compiles it again at run time.
 */
class CatalogueStateClassTest {
    static final String NAME = "net.openhft.chronicle.hash.VanillaGlobalMutableState$$Native";

    @TempDir
    Path dir;

    @Test
    void theBuildsClassIsTheOneChronicleUses() throws Exception {
        Class<?> built = Class.forName(NAME, false, CatalogueStateClass.class.getClassLoader());
        assertEquals(CatalogueStateClass.class.getProtectionDomain().getCodeSource().getLocation(),
            built.getProtectionDomain().getCodeSource().getLocation(), "compiled into db-format's classes");
        assertTrue(VanillaGlobalMutableState.class.isAssignableFrom(built));

        try (Catalogue catalogue = Catalogue.create(dir, new TreeMap<>())) {
            assertTrue(catalogue.snapshot().isEmpty());
        }
        assertSame(built, ValueModel.acquire(VanillaGlobalMutableState.class).nativeClass());
    }
}
