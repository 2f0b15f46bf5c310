package jab.kv.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;

/** Each transport this machine can run serves the same replies, one at a time and pipelined, and INFO names it. */
@EveryTransport
class TransportTest {
    @Parameter
    Transport transport;

    @Test
    void everyAvailableTransportServesTheSameReplies() throws Exception {
        ServerConfig c = EveryTransport.Servers.config(transport);
        c.ioThreads = 1;
        try (KvServer server = new KvServer(c)) {
            int port = server.start();
            try (Jedis j = new Jedis("127.0.0.1", port)) {
                assertThat(j.set("k", "v")).isEqualTo("OK");
                assertThat(j.get("k")).isEqualTo("v");
                Pipeline p = j.pipelined();
                for (int i = 0; i < 500; i++) {
                    p.set("key" + i, "value" + i);
                }
                Response<String> last = p.get("key499");
                p.sync();
                assertThat(last.get()).isEqualTo("value499");
                assertThat(j.dbSize()).isEqualTo(501);
                assertThat(j.info("server")).contains("multiplexing_api:" + transport.label());
            }
        }
    }

    @Test
    void namesRoundTrip() {
        assertThat(Transport.named(transport.label())).isSameAs(transport);
        assertThat(Transport.named("kqueue")).isNull();
    }
}
