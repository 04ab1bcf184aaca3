package io.abk.billing.usdt.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.UsdtEvent;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.usdt.ExpectedOutcomes;
import io.abk.billing.usdt.TestVerifier;
import io.abk.billing.usdt.TestVerifier.Answer;
import io.abk.billing.usdt.address.PayToAddress;
import io.abk.billing.usdt.domain.match.MatchStrategy;
import io.abk.billing.usdt.domain.match.SandboxScenario;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The companion interface in sandbox mode, through HTTP, against a real broker. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SandboxApiIT {

    private static final String PAY_TO_EVM = "0x00000000000000000000000000000000000000aa";
    private static final String PAY_TO_TRON = PayToAddress.toTronBase58(PAY_TO_EVM);
    private static final SecureRandom RANDOM = new SecureRandom();

    private TestVerifier verifier;

    @BeforeAll
    void start() throws Exception {
        verifier = TestVerifier.sandbox();
    }

    private static String freshHash() {
        var bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return "0x" + HexFormat.of().formatHex(bytes);
    }

    private static String terms(String amount, String payTo, MatchStrategy strategy) {
        return "\"merchantRef\":\"order-42\",\"amountUsdt\":" + amount + ",\"payToAddress\":\"" + payTo
                + "\",\"matchStrategy\":\"" + strategy.wire() + "\"";
    }

    private String createIntent(String amount, String payTo, MatchStrategy strategy) {
        var answer = verifier.post("/v1/intents", "{" + terms(amount, payTo, strategy) + "}");
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(201);
        return answer.body().get("intent").get("id").asString();
    }

    private Answer confirm(String intentId, String txHash) {
        return verifier.post(
                "/v1/payments/confirm", "{\"intentId\":\"" + intentId + "\",\"txHash\":\"" + txHash + "\"}");
    }

    @Test
    void shouldAnswerHealthWithoutAKey() {
        var answer = verifier.get("/health", null);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().toString()).isEqualTo("{\"status\":\"ok\"}");
        assertThat(verifier.get("/actuator/health", null).status()).isEqualTo(200);
    }

    @Test
    void shouldExposeMetricsTaggedWithTheServiceWhenScraped() throws Exception {
        var request = java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(verifier.baseUrl() + "/actuator/prometheus"))
                .build();
        var body = java.net.http.HttpClient.newHttpClient()
                .send(request, java.net.http.HttpResponse.BodyHandlers.ofString())
                .body();

        assertThat(body).contains("service=\"usdt-verifier\"").contains("jvm_memory_used_bytes");
    }

    @Test
    void shouldRefuseWithAuthenticationErrorWhenTheKeyIsMissingOrWrong() {
        for (var key : List.of("", "usdt_test_key_0123456789abcdeX", "usdt_dev_local_only_key")) {
            var answer = verifier.get("/v1/scenarios", key.isEmpty() ? null : key);

            assertThat(answer.status()).as(key).isEqualTo(401);
            assertThat(answer.code()).isEqualTo("authentication_error");
            assertThat(answer.body().get("error").asString()).isNotBlank();
        }
        var unknownRoute = verifier.get("/v1/no-such-route", null);
        assertThat(unknownRoute.status())
                .as("an anonymous caller learns nothing of the routes")
                .isEqualTo(401);
    }

    @Test
    void shouldAcceptTheKeyWhenGivenAsBearerToken() {
        var answer = verifier.post(
                "/v1/payments/verify",
                "{" + terms("1", PAY_TO_EVM, MatchStrategy.EXACT) + ",\"txHash\":\"" + freshHash() + "\"}",
                Map.of("Authorization", "Bearer " + TestVerifier.KEY));

        assertThat(answer.status()).isEqualTo(200);
    }

    @Test
    void shouldListEveryOutcomeWithItsReservedHashWhenAskedForScenarios() {
        var answer = verifier.get("/v1/scenarios");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().get("sandbox").asBoolean()).isTrue();
        var scenarios = answer.body().get("scenarios");
        assertThat(scenarios).hasSize(7);
        assertThat(scenarios.valueStream().map(s -> s.get("outcome").asString()))
                .containsExactly(
                        "confirmed",
                        "underpaid",
                        "overpaid",
                        "wrong_recipient",
                        "not_found",
                        "reverted",
                        "pending_confirmations");
        scenarios.valueStream().forEach(s -> {
            assertThat(s.get("txHash").asString())
                    .isEqualTo(
                            SandboxScenario.valueOf(s.get("outcome").asString().toUpperCase())
                                    .txHash());
            assertThat(s.get("description").asString()).isNotBlank();
        });
    }

    @Test
    void shouldCreateAnOpenIntentWithTheNormalisedAddressWhenGivenATronAddress() {
        var answer = verifier.post("/v1/intents", "{" + terms("12.345678", PAY_TO_TRON, MatchStrategy.TOLERANCE) + "}");

        assertThat(answer.status()).isEqualTo(201);
        var intent = answer.body().get("intent");
        assertThat(intent.get("id").asString()).startsWith("pi_").hasSize(29);
        assertThat(intent.get("status").asString()).isEqualTo("open");
        assertThat(intent.get("payToAddress").asString()).isEqualTo(PAY_TO_EVM);
        assertThat(intent.get("matchStrategy").asString()).isEqualTo("tolerance");
        assertThat(intent.get("merchantRef").asString()).isEqualTo("order-42");
        assertThat(intent.get("amountUsdt").decimalValue()).isEqualByComparingTo("12.345678");
        assertThat(intent.get("amountUsdt").toString()).isEqualTo("12.345678");
        assertThat(intent.get("createdAt").asString()).endsWith("Z");
    }

    static Stream<Arguments> scenariosByStrategy() {
        return Stream.of(SandboxScenario.values())
                .flatMap(scenario ->
                        Stream.of(MatchStrategy.values()).map(strategy -> Arguments.of(scenario, strategy)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("scenariosByStrategy")
    void shouldReportTheScenariosOutcomeWhenVerifyingItsReservedHash(SandboxScenario scenario, MatchStrategy strategy) {
        var answer = verifier.post(
                "/v1/payments/verify",
                "{" + terms("20", PAY_TO_EVM, strategy) + ",\"txHash\":\"" + scenario.txHash() + "\"}");

        var expected = ExpectedOutcomes.of(scenario, strategy);
        assertThat(answer.status()).isEqualTo(200);
        var body = answer.body();
        assertThat(body.get("outcome").asString()).isEqualTo(expected.outcome());
        assertThat(body.get("ok").asBoolean()).isEqualTo(expected.ok());
        assertThat(body.get("code").isNull() ? null : body.get("code").asString())
                .isEqualTo(expected.code());
        assertThat(body.get("expectedUsdt").decimalValue()).isEqualByComparingTo("20");
        assertThat(body.get("txHash").asString()).isEqualTo(scenario.txHash());
        assertThat(body.has("receivedUsdt")).isTrue();
        assertThat(body.has("confirmations")).isTrue();
    }

    @Test
    void shouldConfirmOnceAndAnswerTheFirstResultWhenConfirmedAgain() {
        var intentId = createIntent("5", PAY_TO_EVM, MatchStrategy.EXACT);
        var tx = freshHash();

        var first = confirm(intentId, tx);
        var again = confirm(intentId, tx);
        var otherTx = confirm(intentId, freshHash());

        assertThat(first.status()).as(first.body().toString()).isEqualTo(200);
        assertThat(first.body().get("ok").asBoolean()).isTrue();
        assertThat(first.body().get("intent").get("status").asString()).isEqualTo("confirmed");
        assertThat(first.body().get("intent").get("txHash").asString()).isEqualTo(tx);
        var event = first.body().get("event");
        assertThat(event.get("type").asString()).isEqualTo("payment.confirmed");
        assertThat(event.get("data").get("intent").get("id").asString()).isEqualTo(intentId);
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(otherTx.body()).isEqualTo(first.body());
        assertThat(eventsOf(intentId))
                .hasSize(1)
                .first()
                .extracting(UsdtEvent::getEventId)
                .isEqualTo(event.get("id").asString());
    }

    @Test
    void shouldRefuseWithTheOutcomeWhenTheConfirmedTransactionDoesNotMatch() {
        var intentId = createIntent("5", PAY_TO_EVM, MatchStrategy.EXACT);

        var answer = confirm(intentId, SandboxScenario.OVERPAID.txHash());

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.code()).isEqualTo("amount_too_high");
        assertThat(answer.body().get("outcome").asString()).isEqualTo("overpaid");
        assertThat(answer.body().get("error").asString()).isNotBlank();
        assertThat(eventsOf(intentId)).isEmpty();
    }

    @Test
    void shouldRefuseAsAlreadyUsedWhenTheTransactionConfirmedAnotherIntent() {
        var tx = freshHash();
        var first = createIntent("5", PAY_TO_EVM, MatchStrategy.EXACT);
        var second = createIntent("5", PAY_TO_EVM, MatchStrategy.EXACT);
        assertThat(confirm(first, tx).status()).isEqualTo(200);

        var answer = confirm(second, tx);

        assertThat(answer.status()).isEqualTo(409);
        assertThat(answer.code()).isEqualTo("tx_already_used");
    }

    @Test
    void shouldAnswer404WhenTheIntentDoesNotExist() {
        var answer = confirm("pi_01jt0000000000000000000000", freshHash());

        assertThat(answer.status()).isEqualTo(404);
        assertThat(answer.code()).isEqualTo("resource_missing");
    }

    @Test
    void shouldConfirmOnceAndPublishOneEventWhenFiftyConfirmsOfOneIntentRace() {
        var intentId = createIntent("7.25", PAY_TO_EVM, MatchStrategy.EXACT);
        var tx = freshHash();
        var body = "{\"intentId\":\"" + intentId + "\",\"txHash\":\"" + tx + "\"}";

        var answers =
                IntStream.range(0, 50).mapToObj(i -> verifier.postAsync("/v1/payments/confirm", body)).toList().stream()
                        .map(CompletableFuture::join)
                        .toList();

        assertThat(answers)
                .allSatisfy(answer ->
                        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200));
        assertThat(answers.stream()
                        .map(answer -> answer.body().get("event").get("id").asString())
                        .distinct())
                .hasSize(1);
        assertThat(eventsOf(intentId)).hasSize(1);
    }

    @Test
    void shouldConfirmExactlyOneIntentWhenFiftyIntentsRaceForOneTransaction() {
        var tx = freshHash();
        var intents = IntStream.range(0, 50)
                .mapToObj(i -> createIntent("3", PAY_TO_EVM, MatchStrategy.EXACT))
                .toList();

        var answers = intents.stream()
                .map(id -> verifier.postAsync(
                        "/v1/payments/confirm", "{\"intentId\":\"" + id + "\",\"txHash\":\"" + tx + "\"}"))
                .toList()
                .stream()
                .map(CompletableFuture::join)
                .toList();

        assertThat(answers.stream().filter(answer -> answer.status() == 200)).hasSize(1);
        assertThat(answers.stream().filter(answer -> answer.status() == 409))
                .hasSize(49)
                .allSatisfy(answer -> assertThat(answer.code()).isEqualTo("tx_already_used"));
        assertThat(verifier.events().stream()
                        .filter(event -> event.getTransaction().getTxHash().equals(tx)))
                .hasSize(1);
    }

    @Test
    void shouldCreateAndConfirmTheIntentOnceWhenConfirmingWithItsFields() throws Exception {
        var tx = freshHash();
        var body = "{" + terms("9.99", PAY_TO_TRON, MatchStrategy.MINIMUM_AMOUNT) + ",\"txHash\":\"" + tx + "\"}";

        var first = verifier.post("/v1/payments/confirm", body);
        var again = verifier.post("/v1/payments/confirm", body);

        assertThat(first.status()).as(first.body().toString()).isEqualTo(200);
        var intent = first.body().get("intent");
        assertThat(intent.get("status").asString()).isEqualTo("confirmed");
        assertThat(intent.get("payToAddress").asString()).isEqualTo(PAY_TO_EVM);
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(eventsOf(intent.get("id").asString())).hasSize(1);
    }

    @Test
    void shouldCreateNothingWhenConfirmingWithFieldsATransactionThatDoesNotMatch() throws Exception {
        var commands = verifier.endOffsets(Topics.USDT_INTENT_COMMANDS);

        var answer = verifier.post(
                "/v1/payments/confirm",
                "{" + terms("9.99", PAY_TO_EVM, MatchStrategy.EXACT) + ",\"txHash\":\""
                        + SandboxScenario.UNDERPAID.txHash() + "\"}");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.code()).isEqualTo("amount_too_low");
        assertThat(answer.body().get("outcome").asString()).isEqualTo("underpaid");
        assertThat(verifier.endOffsets(Topics.USDT_INTENT_COMMANDS)).isEqualTo(commands);
    }

    @Test
    void shouldConfirmTheAddresssOpenIntentsWhenPolled() {
        var payTo = "0x00000000000000000000000000000000000000f1";
        var first = createIntent("1", payTo, MatchStrategy.EXACT);
        var second = createIntent("2", PayToAddress.toTronBase58(payTo), MatchStrategy.TOLERANCE);

        var answer = verifier.post("/v1/payments/poll", "{\"payToAddress\":\"" + payTo + "\"}");
        var again = verifier.post("/v1/payments/poll", "{\"payToAddress\":\"" + payTo + "\"}");

        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
        assertThat(answer.body()
                        .get("confirmed")
                        .valueStream()
                        .map(c -> c.get("intent").get("id").asString()))
                .containsExactlyInAnyOrder(first, second);
        assertThat(again.body().get("confirmed")).isEmpty();
        assertThat(eventsOf(first)).hasSize(1);
        assertThat(eventsOf(second)).hasSize(1);
    }

    @Test
    void shouldPublishATestEventWhenTriggeredInTheSandbox() {
        var answer = verifier.post("/v1/test-events/trigger", "{\"merchantRef\":\"hello\",\"amountUsdt\":3.5}");

        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
        var event = answer.body().get("event");
        assertThat(event.get("test").asBoolean()).isTrue();
        assertThat(event.get("type").asString()).isEqualTo("payment.confirmed");
        assertThat(event.get("data").get("intent").get("amountUsdt").decimalValue())
                .isEqualByComparingTo("3.5");
        assertThat(verifier.events())
                .filteredOn(e -> e.getEventId().equals(event.get("id").asString()))
                .singleElement()
                .extracting(UsdtEvent::getTest)
                .isEqualTo(true);
    }

    static Stream<Arguments> badInput() {
        var valid = "\"merchantRef\":\"r\",\"amountUsdt\":10,\"payToAddress\":\"" + PAY_TO_EVM + "\"";
        var hash = "\"txHash\":\"0x" + "ab".repeat(32) + "\"";
        return Stream.of(
                bad("/v1/intents", "", 400, "validation_error", "merchantRef"),
                bad("/v1/intents", "[]", 400, "validation_error", null),
                bad("/v1/intents", "\"text\"", 400, "validation_error", null),
                bad("/v1/intents", "{", 400, "invalid_json", null),
                bad("/v1/intents", "{" + valid + "} {}", 400, "invalid_json", null),
                bad("/v1/intents", "{" + valid + ",\"merchantRef\":\"twice\"}", 400, "invalid_json", null),
                bad(
                        "/v1/intents",
                        "{\"amountUsdt\":10,\"payToAddress\":\"" + PAY_TO_EVM + "\"}",
                        400,
                        "validation_error",
                        "merchantRef"),
                bad(
                        "/v1/intents",
                        "{\"merchantRef\":7,\"amountUsdt\":10,\"payToAddress\":\"" + PAY_TO_EVM + "\"}",
                        400,
                        "validation_error",
                        "merchantRef"),
                bad(
                        "/v1/intents",
                        "{\"merchantRef\":\" \",\"amountUsdt\":10,\"payToAddress\":\"" + PAY_TO_EVM + "\"}",
                        400,
                        "validation_error",
                        "merchantRef"),
                bad(
                        "/v1/intents",
                        "{\"merchantRef\":\"" + "x".repeat(501) + "\",\"amountUsdt\":10,\"payToAddress\":\""
                                + PAY_TO_EVM + "\"}",
                        400,
                        "validation_error",
                        "merchantRef"),
                bad(
                        "/v1/intents",
                        "{\"merchantRef\":\"r\",\"payToAddress\":\"" + PAY_TO_EVM + "\"}",
                        400,
                        "validation_error",
                        "amountUsdt"),
                bad(
                        "/v1/intents",
                        "{" + valid.replace(":10,", ":\"10\",") + "}",
                        400,
                        "validation_error",
                        "amountUsdt"),
                bad("/v1/intents", "{" + valid.replace(":10,", ":true,") + "}", 400, "validation_error", "amountUsdt"),
                bad("/v1/intents", "{" + valid.replace(":10,", ":0,") + "}", 400, "validation_error", "amountUsdt"),
                bad("/v1/intents", "{" + valid.replace(":10,", ":-1,") + "}", 400, "validation_error", "amountUsdt"),
                bad(
                        "/v1/intents",
                        "{" + valid.replace(":10,", ":1.0000001,") + "}",
                        400,
                        "validation_error",
                        "amountUsdt"),
                bad(
                        "/v1/intents",
                        "{" + valid.replace(":10,", ":1000000000.000001,") + "}",
                        400,
                        "validation_error",
                        "amountUsdt"),
                bad("/v1/intents", "{" + valid.replace(":10,", ":1e400,") + "}", 400, "validation_error", "amountUsdt"),
                bad("/v1/intents", "{" + valid.replace(":10,", ":[10],") + "}", 400, "validation_error", "amountUsdt"),
                bad(
                        "/v1/intents",
                        "{\"merchantRef\":\"r\",\"amountUsdt\":10}",
                        400,
                        "validation_error",
                        "payToAddress"),
                bad(
                        "/v1/intents",
                        "{" + valid.replace(PAY_TO_EVM, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u") + "}",
                        400,
                        "validation_error",
                        "payToAddress"),
                bad(
                        "/v1/intents",
                        "{" + valid.replace(PAY_TO_EVM, "0x1234") + "}",
                        400,
                        "validation_error",
                        "payToAddress"),
                bad(
                        "/v1/intents",
                        "{" + valid.replace(PAY_TO_EVM, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd") + "}",
                        400,
                        "validation_error",
                        "payToAddress"),
                bad(
                        "/v1/intents",
                        "{" + valid + ",\"matchStrategy\":\"fuzzy\"}",
                        400,
                        "validation_error",
                        "matchStrategy"),
                bad("/v1/intents", "{" + valid + ",\"matchStrategy\":5}", 400, "validation_error", "matchStrategy"),
                bad("/v1/payments/verify", "{" + valid + "}", 400, "validation_error", "txHash"),
                bad("/v1/payments/verify", "{" + valid + ",\"txHash\":\"0x1234\"}", 400, "validation_error", "txHash"),
                bad("/v1/payments/verify", "{" + valid + ",\"txHash\":12}", 400, "validation_error", "txHash"),
                bad(
                        "/v1/payments/verify",
                        "{" + valid.replace(":10,", ":0.0000001,") + "," + hash + "}",
                        400,
                        "validation_error",
                        "amountUsdt"),
                bad(
                        "/v1/payments/confirm",
                        "{\"intentId\":\"nope\"," + hash + "}",
                        400,
                        "validation_error",
                        "intentId"),
                bad(
                        "/v1/payments/confirm",
                        "{\"intentId\":\"pi_01jt0000000000000000000000\"}",
                        400,
                        "validation_error",
                        "txHash"),
                bad(
                        "/v1/payments/confirm",
                        "{\"intentId\":\"pi_01jt0000000000000000000000\",\"amountUsdt\":1," + hash + "}",
                        400,
                        "validation_error",
                        "intentId"),
                bad("/v1/payments/confirm", "{" + hash + "}", 400, "validation_error", "merchantRef"),
                bad(
                        "/v1/payments/confirm",
                        "{" + valid.replace(":10,", ":10.1234567,") + "," + hash + "}",
                        400,
                        "validation_error",
                        "amountUsdt"),
                bad("/v1/payments/poll", "{}", 400, "validation_error", "payToAddress"),
                bad(
                        "/v1/payments/poll",
                        "{\"payToAddress\":\"" + PAY_TO_EVM + "\",\"lookbackBlocks\":0}",
                        400,
                        "validation_error",
                        "lookbackBlocks"),
                bad(
                        "/v1/payments/poll",
                        "{\"payToAddress\":\"" + PAY_TO_EVM + "\",\"lookbackBlocks\":1.5}",
                        400,
                        "validation_error",
                        "lookbackBlocks"),
                bad(
                        "/v1/payments/poll",
                        "{\"payToAddress\":\"" + PAY_TO_EVM + "\",\"lookbackBlocks\":99999999999}",
                        400,
                        "validation_error",
                        "lookbackBlocks"),
                bad("/v1/test-events/trigger", "{\"amountUsdt\":\"x\"}", 400, "validation_error", "amountUsdt"),
                bad("/v1/test-events/trigger", "{\"payToAddress\":\"nope\"}", 400, "validation_error", "payToAddress"),
                bad("/v1/no-such-route", "{}", 404, "route_not_found", null));
    }

    private static Arguments bad(String path, String body, int status, String code, String param) {
        return Arguments.of(path, body, status, code, param);
    }

    @ParameterizedTest(name = "{0} {1} -> {2} {3}")
    @MethodSource("badInput")
    void shouldRefuseWithErrorAndCodeAndCreateNothingWhenTheInputIsBad(
            String path, String body, int status, String code, String param) throws Exception {
        var commandsBefore = verifier.endOffsets(Topics.USDT_INTENT_COMMANDS);
        var pollsBefore = verifier.endOffsets(Topics.USDT_ADDRESS_COMMANDS);

        var answer = verifier.post(path, body);

        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(status);
        assertThat(answer.code()).isEqualTo(code);
        assertThat(answer.body().get("error").asString()).isNotBlank();
        if (param != null) {
            assertThat(answer.body().get("param").asString()).isEqualTo(param);
            assertThat(answer.body().get("error").asString()).contains(param);
        }
        assertThat(verifier.endOffsets(Topics.USDT_INTENT_COMMANDS))
                .as("no command sent")
                .isEqualTo(commandsBefore);
        assertThat(verifier.endOffsets(Topics.USDT_ADDRESS_COMMANDS))
                .as("no poll sent")
                .isEqualTo(pollsBefore);
    }

    @Test
    void shouldRefuseTransportProblemsWithFourHundredsWhenTheRequestIsMalformed() {
        var valid = "{" + terms("1", PAY_TO_EVM, MatchStrategy.EXACT) + "}";

        var plainText = verifier.post(
                "/v1/intents", valid, Map.of("x-service-api-key", TestVerifier.KEY, "content-type", "text/plain"));
        var tooLarge = verifier.post("/v1/intents", "{\"merchantRef\":\"" + "x".repeat(70_000) + "\"}");
        var wrongMethod = verifier.get("/v1/intents");

        assertThat(plainText.status()).isEqualTo(415);
        assertThat(plainText.code()).isEqualTo("unsupported_media_type");
        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(tooLarge.code()).isEqualTo("payload_too_large");
        assertThat(wrongMethod.status()).isEqualTo(405);
        assertThat(wrongMethod.code()).isEqualTo("method_not_allowed");
    }

    private List<UsdtEvent> eventsOf(String intentId) {
        return verifier.events().stream()
                .filter(event -> event.getIntentId().equals(intentId))
                .toList();
    }
}
