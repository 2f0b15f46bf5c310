package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import jab.harness.stats.ForkInterval;

/** The end-to-end comparison's order over rounds and its intervals over rounds, on synthetic rounds. */
class EndToEndRoundsTest {

    @Test
    void serversAlternateSoEachRunsFirstEquallyOften() {
        List<String> servers = List.of("jab", "redis");
        List<String> sequence = new ArrayList<>();
        for (int round = 1; round <= 4; round++) {
            sequence.addAll(KvEndToEnd.order(servers, round));
        }
        assertThat(sequence).containsExactly("jab", "redis", "redis", "jab", "jab", "redis", "redis", "jab");
        assertThat(KvEndToEnd.order(List.of("jab"), 2)).containsExactly("jab");
        assertThat(servers).as("the caller's list is not reordered").containsExactly("jab", "redis");
    }

    @Test
    void eachServersFigureHasAStudentTIntervalOverRounds() {
        ForkInterval fi = EndToEndRounds.overRounds(new double[] {100, 110, 90, 100});
        // mean 100, sample sd sqrt(200/3), t(0.975, 3 df) = 3.182
        assertThat(fi.mean()).isEqualTo(100);
        assertThat(fi.halfWidth()).isCloseTo(3.182446 * Math.sqrt(200.0 / 3) / 2, within(1e-3));
        assertThat(fi.forks()).isEqualTo(4);
        assertThat(EndToEndRounds.overRounds(new double[] {100}).hasInterval()).as("one round: no interval").isFalse();
    }

    @Test
    void theRatioAndItsIntervalComeFromTheRoundsOfEachServer() {
        List<KvEndToEndDocument> rows = new ArrayList<>();
        double[] jab = {100, 110, 90, 100};
        double[] redis = {200, 190, 210, 200};
        for (int round = 1; round <= 4; round++) {
            List<String> order = KvEndToEnd.order(List.of("jab", "redis"), round);
            for (int i = 0; i < 2; i++) {
                String s = order.get(i);
                rows.add(row(s, 32, 1, s.equals("jab") ? jab[round - 1] : redis[round - 1], round, i + 1));
            }
        }
        rows.add(row("jab", 32, 16, 500, 1, 1)); // another shape, one round, no Redis
        List<EndToEndRounds> shapes = EndToEndRounds.of(rows);
        assertThat(shapes).hasSize(2);
        EndToEndRounds p1 = shapes.get(0);
        assertThat(p1.jab()).containsExactly(jab);
        assertThat(p1.redis()).containsExactly(redis);
        // paired by round: 100/200, 110/190, 90/210, 100/200, their geometric mean and its interval
        CapacityRatio ratio = p1.ratio(0.03);
        double mean = (Math.log(0.5) + Math.log(110 / 190.0) + Math.log(90 / 210.0) + Math.log(0.5)) / 4;
        assertThat(ratio.ratio().ratio()).isCloseTo(Math.exp(mean), within(1e-9));
        assertThat(ratio.ratio().low()).isLessThan(Math.exp(mean));
        assertThat(ratio.ratio().high()).isGreaterThan(Math.exp(mean)).isLessThan(1);
        assertThat(ratio.rounds()).isEqualTo(4);
        assertThat(p1.words(0.03)).contains("32 clients, pipeline 1, 4 rounds").contains("jab 100 RPS ±")
                .contains("Redis 200 RPS ±").contains("jab/Redis throughput 0.50x [").contains("over rounds")
                .contains("slower");
        assertThat(shapes.get(1).words(0.03)).contains("1 round: jab 500 RPS (95% interval over rounds); no Redis, no ratio");
    }

    private static KvEndToEndDocument row(String server, int clients, int pipeline, double rps, int round, int position) {
        return new KvEndToEndDocument(server, clients, pipeline, 0.8, 50_000, 32, server + " 1.0", 2, 1, (long) rps * 2, 0, rps,
                100, 90, 300, 500, 900, round, position);
    }
}
