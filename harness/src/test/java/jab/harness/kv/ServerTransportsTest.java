package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.family.Profile;
import jab.harness.family.RunContext;
import jab.kv.server.Transport;

/** Which transports of jab's server the kv family runs, in which order, and a server started on one. */
class ServerTransportsTest {
    @TempDir
    Path work;

    @Test
    void theDefaultTransportComesLastBesideRedis() {
        assertThat(ServerTransports.inOrder(List.of(Transport.EPOLL, Transport.IO_URING, Transport.NIO), Transport.EPOLL))
                .containsExactly(Transport.IO_URING, Transport.NIO, Transport.EPOLL);
        assertThat(ServerTransports.inOrder(List.of(Transport.NIO), Transport.NIO)).containsExactly(Transport.NIO);
        assertThat(ServerTransports.available()).endsWith(Transport.auto()).contains(Transport.NIO).doesNotHaveDuplicates();
    }

    @Test
    void aRunOfKvAloneOrThoroughComparesEveryTransportAndARunBesideOtherFamiliesTheDefaultOnly() {
        RunContext beside = new RunContext(Profile.DEFAULT, Map.of(), Map.of(), List.of(), work, System.out, false).withAlone(false);
        assertThat(KvFamily.transports(beside)).containsExactly(Transport.auto());
        assertThat(KvFamily.transports(beside.withAlone(true))).isEqualTo(ServerTransports.available());
        RunContext thorough = new RunContext(Profile.THOROUGH, Map.of(), Map.of(), List.of(), work, System.out, false).withAlone(false);
        assertThat(KvFamily.transports(thorough)).isEqualTo(ServerTransports.available());
        assertThat(beside.measuring(v -> true).alone()).as("the context's other copies keep it").isFalse();
    }

    @Test
    void bytesPerKeyAreMeasuredWhereTheTransportsAreCompared() {
        RunContext beside = new RunContext(Profile.DEFAULT, Map.of(), Map.of(), List.of(), work, System.out, false).withAlone(false);
        assertThat(KvFamily.measuresMemory(beside)).as("a default run beside other families").isFalse();
        assertThat(KvFamily.measuresMemory(beside.withAlone(true))).as("a run of kv alone").isTrue();
        assertThat(KvFamily.measuresMemory(new RunContext(Profile.THOROUGH, Map.of(), Map.of(), List.of(), work, System.out, false)
                .withAlone(false))).as("thorough beside other families").isTrue();
    }

    @Test
    void aServerStartedOnATransportSaysSoAndIsNamedByIt() throws Exception {
        try (ServerProcess nio = KvEndToEnd.startJab(List.of(), List.of(), Transport.NIO)) {
            assertThat(nio.transport).isEqualTo("nio");
            assertThat(nio.id()).isEqualTo("jab-nio");
            assertThat(ServerProcess.answersPing(nio.port)).isTrue();
        }
        try (ServerProcess byDefault = KvEndToEnd.startJab()) {
            assertThat(byDefault.transport).as("the transport it chose, as it printed it").isEqualTo(Transport.auto().label());
        }
    }
}
