package jab.kv.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/** Whole replies are counted however the bytes arrive, and errors are told apart. */
class ReplyCounterTest {
    /** Simple string, error, integer, bulk, nil bulk, empty bulk, nested array with an error, nil and empty arrays. */
    private static final String REPLIES = "+OK\r\n" + "-ERR no\r\n" + ":42\r\n" + "$5\r\nhe\r\no\r\n" + "$-1\r\n" + "$0\r\n\r\n"
            + "*3\r\n$1\r\na\r\n*2\r\n:1\r\n-ERR inner\r\n+x\r\n" + "*-1\r\n" + "*0\r\n" + "*1\r\n*1\r\n$2\r\nok\r\n";
    private static final List<Boolean> EXPECTED = List.of(true, false, true, true, true, true, false, true, true, true);

    private static List<Boolean> count(byte[]... chunks) {
        ReplyCounter counter = new ReplyCounter();
        List<Boolean> seen = new ArrayList<>();
        for (byte[] chunk : chunks) {
            ByteBuf b = Unpooled.wrappedBuffer(chunk);
            counter.feed(b, seen::add);
            assertThat(b.isReadable()).isFalse();
        }
        return seen;
    }

    @Test
    void everyKindOfReplyIsCountedOnceWithItsErrors() {
        assertThat(count(REPLIES.getBytes(StandardCharsets.US_ASCII))).isEqualTo(EXPECTED);
    }

    @Test
    void aSplitAtAnyByteChangesNothing() {
        byte[] all = REPLIES.getBytes(StandardCharsets.US_ASCII);
        for (int cut = 1; cut < all.length; cut++) {
            byte[] head = java.util.Arrays.copyOfRange(all, 0, cut);
            byte[] tail = java.util.Arrays.copyOfRange(all, cut, all.length);
            assertThat(count(head, tail)).as("split at %d", cut).isEqualTo(EXPECTED);
        }
    }

    @Test
    void oneByteAtATimeChangesNothing() {
        byte[] all = REPLIES.getBytes(StandardCharsets.US_ASCII);
        byte[][] single = new byte[all.length][];
        for (int i = 0; i < all.length; i++) {
            single[i] = new byte[] {all[i]};
        }
        assertThat(count(single)).isEqualTo(EXPECTED);
    }

    @Test
    void bytesThatAreNoReplyAreRefused() {
        assertThatThrownBy(() -> count("hello\r\n".getBytes(StandardCharsets.US_ASCII))).hasMessageContaining("not a RESP reply");
    }
}
