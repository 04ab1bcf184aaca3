package io.abk.billing.kafkatestkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The broker's ports come from below the kernel's ephemeral range, where no outgoing connection can take them between
 * the choice and the broker's bind (which once failed the controller's bind and exited a test JVM), and are free.
 */
class FreePortTest {

    @Test
    void shouldHandOutFreePortsBelowTheEphemeralRange() throws IOException {
        int ephemeralLow = Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                .getFirst()
                .trim()
                .split("\\s+")[0]);
        for (int i = 0; i < 20; i++) {
            int port = TestBroker.freePort();

            assertThat(port).isBetween(20_000, ephemeralLow - 1);
            try (var socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                assertThat(socket.getLocalPort()).isEqualTo(port);
            }
        }
    }
}
