package jab.harness.kv;

import java.util.List;

import jab.harness.trace.SyscallCount;

/**
 * One row of kv-syscalls.json: what {@code jab verify kv} prints, recorded by {@code jab run kv} when
 * strace is installed: one server's syscalls per round trip of one kind of request.
 *
 * @param pipeline   requests per round trip
 * @param roundTrips the n of the difference (n and 2n round trips counted)
 */
record KvSyscallsDocument(String server, String command, int pipeline, long roundTrips, List<SyscallCount.PerOperation> perRoundTrip) {
    static final String NAME = "kv-syscalls";

    static KvSyscallsDocument of(ServerSyscalls.Count c) {
        return new KvSyscallsDocument(c.server(), c.request().command(), c.request().pipeline(), c.roundTrips(), c.perRoundTrip());
    }

    ServerSyscalls.Count count() {
        return new ServerSyscalls.Count(server, new ServerSyscalls.Request(command, pipeline), roundTrips, perRoundTrip);
    }
}
