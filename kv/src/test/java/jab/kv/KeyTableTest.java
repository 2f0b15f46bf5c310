package jab.kv;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

class KeyTableTest {
    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static Object get(KeyTable t, String key) {
        byte[] k = b(key);
        return t.get(k, k.length, java.util.Arrays.hashCode(k));
    }

    private static Object put(KeyTable t, String key, Object value) {
        byte[] k = b(key);
        synchronized (t) {
            return t.put(k, k.length, java.util.Arrays.hashCode(k), true, value);
        }
    }

    private static Object remove(KeyTable t, String key) {
        byte[] k = b(key);
        synchronized (t) {
            return t.remove(k, k.length, java.util.Arrays.hashCode(k));
        }
    }

    @Test
    void keepsEveryKeyThroughItsRehashesAndDropsRemovedOnes() {
        KeyTable t = new KeyTable();
        for (int i = 0; i < 100_000; i++) {
            assertThat(put(t, "k" + i, i)).isNull();
        }
        for (int i = 0; i < 100_000; i += 2) {
            assertThat(remove(t, "k" + i)).isEqualTo(i);
        }
        assertThat(t.size()).isEqualTo(50_000);
        for (int i = 0; i < 100_000; i++) {
            assertThat(get(t, "k" + i)).isEqualTo(i % 2 == 0 ? null : i);
        }
        assertThat(put(t, "k1", "again")).isEqualTo(1);
        assertThat(put(t, "k0", "back")).isNull(); // a removed key comes back to its slot
        assertThat(get(t, "k0")).isEqualTo("back");
        assertThat(t.size()).isEqualTo(50_001);
    }

    @Test
    void keysRemovedAndAddedInTurnDoNotFillTheTable() {
        KeyTable t = new KeyTable();
        for (int i = 0; i < 1_000_000; i++) {
            put(t, "churn" + i, i);
            remove(t, "churn" + i);
        }
        assertThat(t.size()).isZero();
        assertThat(t.slots().capacity()).isLessThanOrEqualTo(64);
    }

    @Test
    void removingMostKeysShrinksTheTableAndLetsTheirBytesGo() {
        KeyTable t = new KeyTable();
        for (int i = 0; i < 100_000; i++) {
            put(t, "k" + i, i);
        }
        for (int i = 0; i < 99_000; i++) {
            remove(t, "k" + i);
        }
        assertThat(t.size()).isEqualTo(1000);
        assertThat(t.slots().capacity()).isLessThanOrEqualTo(4096);
        for (int i = 99_000; i < 100_000; i++) {
            assertThat(get(t, "k" + i)).isEqualTo(i);
        }
    }

    @Test
    void aKeyWhoseTagIsZeroIsFoundAndAMissingOneIsNot() {
        KeyTable t = new KeyTable();
        byte[] empty = new byte[0]; // Arrays.hashCode of an empty array is 1; {-31} hashes to 31 * 1 - 31 = 0, whose tag is 0 as a free slot's
        byte[] zero = {-31};
        assertThat(java.util.Arrays.hashCode(zero)).isZero();
        synchronized (t) {
            t.put(empty, 0, 1, true, "empty");
        }
        assertThat(t.get(zero, 1, 0)).isNull();
        synchronized (t) {
            t.put(zero, 1, 0, true, "zero");
        }
        assertThat(t.get(zero, 1, 0)).isEqualTo("zero");
        assertThat(t.get(empty, 0, 1)).isEqualTo("empty");
    }

    @Test
    void aProbeLongerThanItsKeyIsCopiedToTheKeysLength() {
        KeyTable t = new KeyTable();
        byte[] buffer = b("abcdef");
        synchronized (t) {
            t.put(buffer, 3, java.util.Arrays.hashCode(b("abc")), false, "v");
        }
        buffer[0] = 'z'; // the buffer is reused: the table must not keep it
        assertThat(get(t, "abc")).isEqualTo("v");
    }

    @Test
    void readersWithoutTheLockSeeEveryStableKeyWhileAWriterRehashes() throws Exception {
        KeyTable t = new KeyTable();
        for (int i = 0; i < 1000; i++) {
            put(t, "stable" + i, i);
        }
        AtomicReference<String> failure = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            for (int round = 0; round < 200 && failure.get() == null; round++) {
                for (int i = 0; i < 1000; i++) {
                    if (!Integer.valueOf(i).equals(get(t, "stable" + i))) {
                        failure.set("stable" + i + " missing in round " + round);
                        return;
                    }
                }
            }
        });
        reader.start();
        for (int i = 0; i < 200_000; i++) {
            put(t, "new" + i, i);
            if (i % 3 == 0) {
                remove(t, "new" + (i / 2));
            }
        }
        reader.join();
        assertThat(failure.get()).isNull();
    }
}
