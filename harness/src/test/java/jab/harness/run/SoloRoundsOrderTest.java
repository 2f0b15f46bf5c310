package jab.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The order of a question's solo rounds: random, then reversed, so a drift within a round cancels in pairs of rounds. */
class SoloRoundsOrderTest {
    private static final List<String> VARIANTS = List.of("a", "b", "c", "d", "e");

    @Test
    void eachOddRoundReversesTheRoundBefore() {
        Random random = new Random(9);
        List<String> last = List.of();
        List<List<String>> rounds = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            last = SoloRoundsRun.order(r, VARIANTS, last, random);
            rounds.add(last);
        }
        assertThat(rounds).allSatisfy(o -> assertThat(o).containsExactlyInAnyOrderElementsOf(VARIANTS));
        assertThat(rounds.get(1)).containsExactlyElementsOf(reversed(rounds.get(0)));
        assertThat(rounds.get(3)).containsExactlyElementsOf(reversed(rounds.get(2)));
    }

    @Test
    void theEvenRoundsAreRandomAndAFailedVariantIsLeftOut() {
        Random random = new Random(10);
        Set<List<String>> firsts = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            firsts.add(SoloRoundsRun.order(0, VARIANTS, List.of(), random));
        }
        assertThat(firsts.size()).isGreaterThan(10);
        List<String> first = SoloRoundsRun.order(0, VARIANTS, List.of(), random);
        List<String> running = VARIANTS.stream().filter(v -> !v.equals("c")).toList();
        assertThat(SoloRoundsRun.order(1, running, first, random))
                .containsExactlyElementsOf(reversed(first).stream().filter(v -> !v.equals("c")).toList());
    }

    private static List<String> reversed(List<String> xs) {
        List<String> out = new ArrayList<>(xs);
        java.util.Collections.reverse(out);
        return out;
    }
}
