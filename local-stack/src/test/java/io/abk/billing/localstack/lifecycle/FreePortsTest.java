package io.abk.billing.localstack.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import org.junit.jupiter.api.Test;

class FreePortsTest {

    @Test
    void shouldPickPortsBelowTheEphemeralRangeAndNeverTheSameTwice() throws Exception {
        // Protects against a picked port the kernel handed to someone else before its server bound it: a listener on
        // port 0 or the local end of an outgoing connection (PostgreSQL's port once answered with another web server).
        int ephemeralLow = Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                .getFirst()
                .trim()
                .split("\\s+")[0]);
        var picked = new HashSet<Integer>();

        // when many ports are picked and none of them is bound yet
        for (int i = 0; i < 500; i++) {
            picked.add(FreePorts.pick());
        }

        // then every one is distinct and outside the ephemeral range
        assertThat(picked).hasSize(500).allSatisfy(port -> assertThat(port).isBetween(20_000, ephemeralLow - 1));
    }

    @Test
    void shouldKeepAnExplicitPort() {
        assertThat(FreePorts.resolve(5432)).isEqualTo(5432);
    }
}
