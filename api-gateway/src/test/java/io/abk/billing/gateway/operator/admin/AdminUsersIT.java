package io.abk.billing.gateway.operator.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * The operator API's team members: the first is the owner, later ones need a role, an email signs in to one team, a
 * password is kept only as its Argon2id hash, every addition is audited, and bad input changes nothing.
 */
class AdminUsersIT extends GatewayIT {

    private static final String PASSWORD = "correct horse battery";

    @Test
    void shouldMakeTheFirstUserTheOwnerAndAddLaterOnesWithTheirRoleWhenTheOperatorAddsThem() throws SQLException {
        var merchantId = createMerchant("Team Ltd");
        var ownerEmail = uniqueEmail("Owner");

        // when the operator adds a first user without a role, then a developer
        var owner = addUser(merchantId, ownerEmail, null, PASSWORD)
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("user");
        var developer = addUser(merchantId, uniqueEmail("dev"), "developer", PASSWORD)
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("user");

        // then the first is the owner, its email lower-cased, and no answer shows the password or its hash
        assertThat(owner.get("id").stringValue()).matches("usr_[0-9a-hjkmnp-tv-z]{26}");
        assertThat(owner.get("merchantId").stringValue()).isEqualTo(merchantId);
        assertThat(owner.get("email").stringValue()).isEqualTo(ownerEmail.toLowerCase(java.util.Locale.ROOT));
        assertThat(owner.get("role").stringValue()).isEqualTo("owner");
        assertThat(developer.get("role").stringValue()).isEqualTo("developer");
        assertThat(owner.toString()).doesNotContain(PASSWORD).doesNotContain("argon2");
        // and the list shows both, newest first
        var listed = admin(http.get().uri("/admin/v1/merchants/{id}/users", merchantId))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        assertThat(listed.get("users").valueStream().map(user -> user.get("id").stringValue()))
                .containsExactly(
                        developer.get("id").stringValue(), owner.get("id").stringValue());
        assertThat(listed.toString()).doesNotContain("argon2");
        // and the database holds an Argon2id hash of the password, never the password
        var hash = passwordHashOf(owner.get("id").stringValue());
        assertThat(hash).startsWith("$argon2id$v=19$m=19456,t=2,p=1$").doesNotContain(PASSWORD);
        // and each addition is in the audit log, without the password
        var audit = admin(http.get().uri("/admin/v1/audit_log?merchantId={id}", merchantId))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        assertThat(audit.get("entries")
                        .valueStream()
                        .filter(entry -> entry.get("action").stringValue().equals("user.created"))
                        .map(entry -> entry.get("targetId").stringValue()))
                .containsExactlyInAnyOrder(
                        owner.get("id").stringValue(), developer.get("id").stringValue());
        assertThat(audit.toString()).doesNotContain(PASSWORD);
    }

    @Test
    void shouldRefuseWithEmailInUseWhenAnotherTeamsUserSignsInWithTheEmailWhateverItsCase() throws SQLException {
        var email = uniqueEmail("taken");
        addUser(createMerchant("First"), email, null, PASSWORD).expectStatus().isCreated();
        var other = createMerchant("Second");

        addUser(other, email.toUpperCase(java.util.Locale.ROOT), null, PASSWORD)
                .expectStatus()
                .isEqualTo(409)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("email_in_use")
                .jsonPath("$.param")
                .isEqualTo("email");
        assertThat(usersOf(other)).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "a first user who is not the owner | viewer | ana@example.com | correct horse battery | role",
                "no email | owner | | correct horse battery | email",
                "an email without a domain | owner | ana@localhost | correct horse battery | email",
                "an email with a space | owner | ana smith@example.com | correct horse battery | email",
                "an unknown role | auditor | ana@example.com | correct horse battery | role",
                "no password | owner | ana@example.com | | password",
                "a password of 11 characters | owner | ana@example.com | 12345678901 | password",
            })
    void shouldRefuseWithValidationErrorAndAddNoUserWhenTheRequestIsBad(
            String why, String role, @Nullable String email, @Nullable String password, String param)
            throws SQLException {
        var merchantId = createMerchant("Bad input " + why);

        addUser(merchantId, email == null ? null : UUID.randomUUID() + "-" + email, role, password)
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("validation_error")
                .jsonPath("$.param")
                .isEqualTo(param);
        assertThat(usersOf(merchantId)).isZero();
    }

    @Test
    void shouldRefuseALaterUserWithoutARoleAndAnUnknownMerchantAndACallerWithoutTheAdminToken() throws SQLException {
        var merchantId = createMerchant("Roles");
        addUser(merchantId, uniqueEmail("owner"), null, PASSWORD).expectStatus().isCreated();

        addUser(merchantId, uniqueEmail("norole"), null, PASSWORD)
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.param")
                .isEqualTo("role");
        addUser("mer_00000000000000000000000000", uniqueEmail("nobody"), null, PASSWORD)
                .expectStatus()
                .isNotFound();
        http.post()
                .uri("/admin/v1/merchants/{id}/users", merchantId)
                .bodyValue(Map.of("email", uniqueEmail("anon"), "password", PASSWORD))
                .exchange()
                .expectStatus()
                .isUnauthorized();
        assertThat(usersOf(merchantId)).isOne();
    }

    private org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec addUser(
            String merchantId, @Nullable String email, @Nullable String role, @Nullable String password) {
        var body = new HashMap<String, Object>();
        if (email != null) {
            body.put("email", email);
        }
        if (role != null) {
            body.put("role", role);
        }
        if (password != null) {
            body.put("password", password);
        }
        return admin(http.post()
                        .uri("/admin/v1/merchants/{id}/users", merchantId)
                        .bodyValue(body))
                .exchange();
    }

    /** An address no other test uses (the email is unique across teams). */
    private static String uniqueEmail(String name) {
        return name + "-" + UUID.randomUUID() + "@Example.com";
    }

    private static String passwordHashOf(String userId) throws SQLException {
        try (var connection = database().connect();
                var query = connection.prepareStatement("SELECT password_hash FROM merchant_users WHERE id = ?")) {
            query.setString(1, userId);
            try (var rows = query.executeQuery()) {
                assertThat(rows.next()).isTrue();
                return rows.getString(1);
            }
        }
    }

    private static int usersOf(String merchantId) throws SQLException {
        try (var connection = database().connect();
                var query = connection.prepareStatement("SELECT count(*) FROM merchant_users WHERE merchant_id = ?")) {
            query.setString(1, merchantId);
            try (var rows = query.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }
}
