package io.abk.billing.systemtests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.systemtests.RepositoryRoot;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** deploy/nginx/nginx.conf, the public entry point of docker-compose.yml, read for what it serves and how. */
class NginxConfTest {

    private static NginxConf conf;

    @BeforeAll
    static void read() throws Exception {
        conf = NginxConf.parse(Files.readString(RepositoryRoot.path().resolve("deploy/nginx/nginx.conf")));
    }

    private static boolean proxies(NginxConf block) {
        return !block.everywhere("proxy_pass").isEmpty();
    }

    /** Protects the operator API from the internet: nginx once passed /admin/v1 to the gateways like any path. */
    @Test
    void shouldAnswerTheOperatorApiWith404OnEveryServerThatProxiesTheGateway() {
        var gatewayServers = conf.all("server").stream()
                .filter(server -> server.everywhere("proxy_pass").contains(List.of("http://api_gateway")))
                .toList();

        assertThat(gatewayServers).isNotEmpty();
        for (var server : gatewayServers) {
            var admin = server.all("location").stream()
                    .filter(location -> location.path().orElseThrow().startsWith("/admin"))
                    .toList();
            assertThat(admin).as("a location for /admin").isNotEmpty();
            assertThat(admin).allSatisfy(location -> {
                assertThat(location.directive("return")).containsExactly(List.of("404"));
                assertThat(proxies(location)).isFalse();
            });
        }
    }

    @Test
    void shouldProxyOnlyToTheApiPortsOfTheGatewaysAndVerifiersNeverToTheOperatorsPort() {
        var servers = conf.all("upstream").stream()
                .flatMap(upstream -> upstream.directive("server").stream())
                .map(List::getFirst)
                .toList();

        assertThat(servers).containsExactlyInAnyOrder("api-gateway:8080", "usdt-verifier:8787");
        assertThat(conf.everywhere("proxy_pass"))
                .containsOnly(List.of("http://api_gateway"), List.of("http://usdt_verifier"));
    }

    /** Protects customers' data in transit: every server that passes traffic on listens with TLS, with the mounted pair. */
    @Test
    void shouldTerminateTlsOnEveryServerThatPassesTrafficOn() {
        var servers = conf.all("server");

        assertThat(servers.stream().filter(NginxConfTest::proxies))
                .allSatisfy(server -> assertThat(server.directive("listen"))
                        .allSatisfy(listen -> assertThat(listen).contains("ssl")));
        assertThat(servers.stream()
                        .filter(NginxConfTest::proxies)
                        .flatMap(server -> server.directive("listen").stream())
                        .map(List::getFirst))
                .contains("443", "8787");
        var http = conf.all("http").getFirst();
        assertThat(http.directive("ssl_certificate")).containsExactly(List.of("/etc/nginx/tls/cert.pem"));
        assertThat(http.directive("ssl_certificate_key")).containsExactly(List.of("/etc/nginx/tls/key.pem"));
        assertThat(http.directive("ssl_protocols")).containsExactly(List.of("TLSv1.2", "TLSv1.3"));
    }
}
