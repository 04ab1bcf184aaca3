package io.abk.billing.gateway.operator.adminport;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayWithoutKafkaIT;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpHeaders;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * With a port of its own, the operator API is reached there alone: the public port answers {@code /admin} exactly as
 * it answers a path it does not know, however the path is spelled and whatever the headers claim, and the
 * operator's port serves nothing else. Both over the network, since the ports are told apart by the connection.
 */
class AdminPortIT extends GatewayWithoutKafkaIT {

    @Autowired
    AdminPort adminPort;

    @LocalServerPort
    int apiPort;

    private WebTestClient publicPort() {
        return networkClient(apiPort);
    }

    /** The answer to a path the gateway does not know. */
    private static void expectUnknownPath(WebTestClient.RequestHeadersSpec<?> request) {
        request.exchange()
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("route_not_found");
    }

    /** Protects the operator API from the internet: the public entry point once served it to anyone with the token. */
    @Test
    void shouldAnswerTheOperatorApiOnThePublicPortAsAnUnknownPathWhenItHasAPortOfItsOwn() {
        assertThat(adminPort.port()).isPositive().isNotEqualTo(apiPort);
        for (var path : new String[] {"/admin/v1/merchants", "/%61dmin/v1/merchants", "/admin;x=1/v1/merchants"}) {
            expectUnknownPath(admin(publicPort()
                    .post()
                    .uri(path)
                    .header(HttpHeaders.HOST, "localhost:" + adminPort.port())
                    .header("X-Forwarded-Port", Integer.toString(adminPort.port()))
                    .bodyValue(Map.of("name", "Reached from outside"))));
        }
        expectUnknownPath(publicPort().get().uri("/admin/v1/audit_log"));
    }

    @Test
    void shouldServeTheOperatorApiWithItsTokenOnItsOwnPort() {
        var id = createMerchant("Reached on the operator's port");

        admin(operatorHttp().get().uri("/admin/v1/merchants/{id}/api_keys", id))
                .exchange()
                .expectStatus()
                .isOk();
        operatorHttp()
                .get()
                .uri("/admin/v1/merchants/{id}/api_keys", id)
                .exchange()
                .expectStatus()
                .isUnauthorized();
    }

    @Test
    void shouldServeNothingButTheOperatorApiOnItsOwnPort() {
        var key = newMerchantKey("test");

        expectUnknownPath(operatorHttp().get().uri("/v1/payments").header(HttpHeaders.AUTHORIZATION, "Bearer " + key));
        publicPort()
                .get()
                .uri("/v1/payments")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + key)
                .exchange()
                .expectStatus()
                .isOk();
    }
}
