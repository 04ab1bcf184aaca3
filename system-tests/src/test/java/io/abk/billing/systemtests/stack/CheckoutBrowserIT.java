package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.systemtests.stack.CheckoutBrowser.Result;
import io.abk.billing.systemtests.stack.CheckoutBrowser.Scenario;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;

/**
 * The hosted checkout pages in a real headless Chromium on the stack with its local chain, paid by a browser wallet:
 * each flow to its end (the API shows the subscription active, the payments paid, and the tokens moved) and each
 * state a customer can be stuck in (no wallet, connection rejected, wallet locked, wrong chain refused, wrong account,
 * too little USDC, transaction rejected, expired payment paid late, link used up, disabled or expired), plus the link
 * form without JavaScript. Two wallets announced over EIP-6963 at once: one with a key, USDC and no ether subscribes,
 * pays a payment and pays a link by signatures alone (the relayer pays the gas); the other cannot sign typed data and
 * subscribes by one EIP-5792 batch. A page without a wallet leads with the EIP-681 QR code, and turns paid by itself
 * when a phone pays it. The script ({@link CheckoutBrowser}) plays the customer and asserts each state and sentence,
 * photographs each (target/checkout-screens) and checks it with axe-core; this class makes the fixtures, runs every
 * scenario in one browser, then checks what the API and the chain say. Every scenario has its own wallet and payout
 * address, so balances start known.
 */
@ExtendWith(ChainStack.class)
@Order(ChainStack.ORDER)
@Execution(ExecutionMode.SAME_THREAD)
class CheckoutBrowserIT {

    private static final String SHOP = "Acme Coffee";
    private static final String SUCCESS = "https://merchant.example/thanks";
    /** Scenarios run at once: the chain's waits dominate, and three pages keep 2 cores busy without starving the stack. */
    private static final int CONCURRENCY = 3;

    private static Api api;
    private static TestChain chain;
    private static TestMerchant shop;
    /** A merchant whose test clock runs two days ahead: its payment and its link have expired. */
    private static TestMerchant late;

    private static Map<String, Result> results;
    /** Per scenario: the resource it pays, its customer and payout, as made for it. */
    private static final Map<String, Fixture> FIXTURES = new LinkedHashMap<>();

    private record Fixture(String id, String customer, String payout) {}

    @BeforeAll
    static void runTheBrowserScenarios(Api stackApi, TestChain stackChain) {
        if (!CheckoutBrowser.available()) {
            return; // each test is then skipped, saying why
        }
        api = stackApi;
        chain = stackChain;
        shop = api.newMerchantDisplayed(SHOP);
        // Wallets the browser's wallet sends from, funded in one go: subscribe, pay, link, tx-rejected, expired,
        // insufficient, the batching wallet's subscribe, the phone that pays a QR code, the metered subscribe.
        var wallets = chain.impersonatedWallets(List.of("100", "100", "50", "100", "100", "5", "100", "30", "100"));
        // Wallets with a key, USDC and no ether, which sign: subscribe, pay, link.
        var signers = chain.walletsWithoutEther(List.of("100", "50", "50"));
        var scenarios = new ArrayList<Scenario>();

        var subscription = subscription(wallets.get(0));
        scenarios.add(new Scenario(
                "subscribe-chain",
                "subscribe-chain",
                Map.of(
                        "url",
                        subscription.checkoutUrl(),
                        "account",
                        wallets.get(0),
                        "successUrl",
                        SUCCESS + "?subscription")));
        FIXTURES.put("subscribe-chain", subscription.fixture());

        scenarios.add(payment("pay-chain", "pay-chain", wallets.get(1), "25", SUCCESS + "?payment"));

        var metered = meteredSubscription(wallets.get(8));
        scenarios.add(new Scenario(
                "subscribe-metered",
                "subscribe-metered",
                Map.of("url", metered.checkoutUrl(), "account", wallets.get(8))));
        FIXTURES.put("subscribe-metered", metered.fixture());

        // Two wallets announced at once (EIP-6963): one signs with a key and holds no ether, one batches (EIP-5792).
        var batched = subscription(wallets.get(6));
        scenarios.add(announced("subscribe-batch", batched.checkoutUrl(), wallets.get(6), signers.get(0)));
        FIXTURES.put("subscribe-batch", batched.fixture());
        var signed = subscription(signers.get(0).address());
        scenarios.add(announced("subscribe-signature", signed.checkoutUrl(), wallets.get(6), signers.get(0)));
        FIXTURES.put("subscribe-signature", signed.fixture());
        var signedPayment =
                payment("pay-signature", "pay-signature", signers.get(1).address(), "20", null);
        scenarios.add(announced(
                "pay-signature", signedPayment.fixture().get("url").toString(), wallets.get(6), signers.get(1)));
        var signedLinkPayout = TestChain.freshAddress();
        var signedLink = link(Map.of("payoutAddressEvm", signedLinkPayout));
        scenarios.add(announced("link-signature", signedLink.path("url").asString(), wallets.get(6), signers.get(2)));
        FIXTURES.put(
                "link-signature",
                new Fixture(
                        signedLink.at("/paymentLink/id").asString(),
                        signers.get(2).address(),
                        signedLinkPayout));
        // A phone pays the QR code of a page that has no wallet.
        var qr = payment("pay-qr", "pay-qr", wallets.get(7), "6", null);
        scenarios.add(
                new Scenario(qr.name(), qr.kind(), Map.of("url", qr.fixture().get("url"), "phone", wallets.get(7))));
        scenarios.add(payment("pay-tx-rejected", "pay-tx-rejected", wallets.get(3), "10", null));
        scenarios.add(payment("pay-insufficient", "pay-insufficient", wallets.get(5), "25", null));
        // Connecting only: these wallets never send, so they need no funds.
        scenarios.add(payment("pay-no-wallet", "pay-no-wallet", TestChain.freshAddress(), "3", null));
        scenarios.add(payment("pay-rejected", "pay-rejected", TestChain.freshAddress(), "3", null));
        scenarios.add(payment("pay-locked", "pay-locked", TestChain.freshAddress(), "3", null));
        scenarios.add(payment("pay-wrong-chain", "pay-wrong-chain", TestChain.freshAddress(), "3", null));
        var wrongAccount = payment("pay-wrong-account", "pay-wrong-account", TestChain.freshAddress(), "3", null);
        scenarios.add(new Scenario(
                wrongAccount.name(),
                wrongAccount.kind(),
                Map.of("url", wrongAccount.fixture().get("url"), "account", TestChain.freshAddress())));

        var linkPayout = TestChain.freshAddress();
        var link = link(Map.of(
                "collectEmail",
                true,
                "collectName",
                true,
                "description",
                "Coffee beans, 1 kg",
                "payoutAddressEvm",
                linkPayout));
        scenarios.add(new Scenario(
                "link-chain",
                "link-chain",
                Map.of("url", link.path("url").asString(), "account", wallets.get(2), "email", "ada@example.com")));
        FIXTURES.put("link-chain", new Fixture(link.at("/paymentLink/id").asString(), wallets.get(2), linkPayout));
        var noScriptLink = link(Map.of("collectEmail", true, "collectName", true));
        scenarios.add(new Scenario(
                "link-nojs",
                "link-nojs",
                Map.of("url", noScriptLink.path("url").asString(), "email", "grace@example.com")));
        FIXTURES.put("link-nojs", new Fixture(noScriptLink.at("/paymentLink/id").asString(), "", ""));

        late = api.newMerchantDisplayed(SHOP);
        var latePayout = TestChain.freshAddress();
        var expiring = api.post(Payments.PAYMENTS)
                .key(late.testKey())
                .json(paymentBody(wallets.get(4), latePayout, "4", null))
                .send()
                .expect(201)
                .json();
        var expiringLink = Payments.createLink(
                api,
                late.testKey(),
                Payments.link(
                        "2",
                        Map.of(
                                "expiresAt",
                                Instant.now().plus(1, ChronoUnit.HOURS).toString())));
        Clocks.advance(api, late.testKey(), 2 * 24 * 3600);
        scenarios.add(new Scenario(
                "pay-expired",
                "pay-expired",
                Map.of("url", expiring.path("checkoutUrl").asString(), "account", wallets.get(4))));
        FIXTURES.put("pay-expired", new Fixture(expiring.at("/payment/id").asString(), wallets.get(4), latePayout));

        var usedUp = link(Map.of("maxUses", 1));
        Payments.open(api, usedUp.at("/paymentLink/id").asString(), Map.of())
                .send()
                .expect(200);
        var disabled = link(Map.of());
        api.post(Payments.LINKS + "/" + disabled.at("/paymentLink/id").asString() + "/disable")
                .key(shop.testKey())
                .send()
                .expect(200);
        scenarios.add(new Scenario(
                "link-unavailable",
                "link-unavailable",
                Map.of(
                        "urls",
                        Map.of(
                                "used-up",
                                usedUp.path("url").asString(),
                                "disabled",
                                disabled.path("url").asString(),
                                "expired",
                                expiringLink.path("url").asString()))));

        results = CheckoutBrowser.run(scenarios, chain, CONCURRENCY);
    }

    @BeforeEach
    void needChromium() {
        CheckoutBrowser.assumeAvailable();
    }

    @Test
    void shouldActivateTheSubscriptionAndChargeItOnChainWhenTheCustomerSubscribesFromThePage() {
        var result = passed("subscribe-chain");
        var fixture = FIXTURES.get("subscribe-chain");

        // the wallet was on another chain that it did not know: the page added it, then sent approve and subscribe
        assertThat(result.json()
                        .path("extra")
                        .path("requests")
                        .valueStream()
                        .map(JsonNode::asString)
                        .toList())
                .containsSubsequence(
                        "eth_requestAccounts",
                        "wallet_switchEthereumChain",
                        "wallet_addEthereumChain",
                        "eth_sendTransaction",
                        "eth_sendTransaction");
        assertThat(result.sent()).hasSize(2);
        assertThat(result.states()).anyMatch(state -> state.matches("confirming: Confirmations: \\d of 2\\..*"));
        assertThat(result.extra("redirectedTo")).isEqualTo(SUCCESS + "?subscription");
        // and the API shows it active with its first invoice paid on chain: 12.5 USDC moved from the customer to the
        // payout
        activeWithItsLatestInvoicePaid(fixture);
        assertThat(chain.balance(fixture.customer())).isEqualTo(TestChain.units("87.5"));
        assertThat(chain.balance(fixture.payout())).isEqualTo(TestChain.units("12.5"));
    }

    @Test
    void shouldSignForTheMaximumAndChargeTheSeatsAloneWhenTheCustomerSubscribesToAMeteredPlan() {
        var result = passed("subscribe-metered");
        var fixture = FIXTURES.get("subscribe-metered");

        // the page said "up to 50 USDC" throughout (the scenario's expectations), the wallet approved and subscribed
        assertThat(result.sent()).hasSize(2);
        // and the first invoice, the seats billed in advance, was charged on chain under the mandate for the maximum
        var invoice = activeWithItsLatestInvoicePaid(fixture);
        assertThat(invoice.path("amountUsdc").decimalValue()).isEqualByComparingTo("8");
        // and the page's next payment moved to the period's end once active, no longer the first charge's time
        var periodEnd = Instant.parse(Subscriptions.get(api, shop.testKey(), fixture.id())
                .expect(200)
                .json()
                .path("currentPeriodEnd")
                .asString());
        assertThat(result.extra("nextPayment"))
                .isEqualTo(DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm 'UTC'", Locale.ENGLISH)
                        .withZone(ZoneOffset.UTC)
                        .format(periodEnd));
        assertThat(chain.balance(fixture.customer())).isEqualTo(TestChain.units("92"));
        assertThat(chain.balance(fixture.payout())).isEqualTo(TestChain.units("8"));
    }

    @Test
    void shouldPayThePaymentWithTheTransferTheWalletSentWhenTheCustomerPaysFromThePage() {
        var result = passed("pay-chain");
        var fixture = FIXTURES.get("pay-chain");

        assertThat(result.sent()).hasSize(1);
        assertThat(result.states()).anyMatch(state -> state.matches("confirming: Confirmations: \\d of 2\\..*"));
        assertThat(result.extra("redirectedTo")).isEqualTo(SUCCESS + "?payment");
        var payment = ChainPayments.get(api, shop, fixture.id());
        assertThat(payment.path("status").asString()).isEqualTo("paid");
        assertThat(payment.path("txHash").asString())
                .isEqualToIgnoringCase(result.sent().getFirst());
        assertThat(chain.balance(fixture.customer())).isEqualTo(TestChain.units("75"));
        assertThat(chain.balance(fixture.payout())).isEqualTo(TestChain.units("25"));
    }

    @Test
    void shouldOpenTheLinkAndPayTheMintedPaymentWhenTheCustomerFillsTheFormAndPays() {
        var result = passed("link-chain");
        var fixture = FIXTURES.get("link-chain");

        var payment = ChainPayments.get(api, shop, paymentId(result.extra("paymentUrl")));
        assertThat(payment.path("status").asString()).isEqualTo("paid");
        assertThat(payment.path("paymentLinkId").asString()).isEqualTo(fixture.id());
        assertThat(payment.path("customerEmail").asString()).isEqualTo("ada@example.com");
        assertThat(payment.path("customerName").asString()).isEqualTo("Ada Lovelace");
        assertThat(payment.path("txHash").asString())
                .isEqualToIgnoringCase(result.sent().getFirst());
        assertThat(chain.balance(fixture.customer())).isEqualTo(TestChain.units("42.5"));
        assertThat(chain.balance(fixture.payout())).isEqualTo(TestChain.units("7.5"));
    }

    @Test
    void shouldOfferEachAnnouncedWalletAndSubscribeWithOneBatchWhenTheWalletBatchesCalls() {
        var result = passed("subscribe-batch");
        var fixture = FIXTURES.get("subscribe-batch");

        // both wallets were offered by their rdns; the batching one could not sign, so it sent approve and subscribe
        // in one wallet_sendCalls, never one transaction at a time
        assertThat(result.json().path("extra").path("offered").valueStream().map(JsonNode::asString))
                .containsExactlyInAnyOrder("org.example.signer", "org.example.batcher");
        var requests = requests(result);
        assertThat(requests).containsSubsequence("wallet_getCapabilities", "wallet_sendCalls", "wallet_getCallsStatus");
        assertThat(requests).doesNotContain("eth_sendTransaction");
        assertThat(requests.stream().filter("wallet_sendCalls"::equals)).hasSize(1);
        assertThat(result.sent()).hasSize(2);
        assertThat(result.states()).anyMatch(state -> state.startsWith("wrong-chain(chain-changed): "));
        assertThat(Subscriptions.get(api, shop.testKey(), fixture.id())
                        .expect(200)
                        .json()
                        .path("status")
                        .asString())
                .isEqualTo("active");
        assertThat(chain.balance(fixture.customer())).isEqualTo(TestChain.units("87.5"));
        assertThat(chain.balance(fixture.payout())).isEqualTo(TestChain.units("12.5"));
    }

    @Test
    void shouldSubscribeByTwoSignaturesAndNoEtherWhenTheTokenHasAPermit() {
        var result = passed("subscribe-signature");
        var fixture = FIXTURES.get("subscribe-signature");

        assertThat(result.json().path("extra").path("signed").valueStream().map(JsonNode::asString))
                .containsExactly("Permit", "SubscribeAuthorization");
        assertThat(requests(result)).doesNotContain("eth_sendTransaction", "wallet_sendCalls");
        assertThat(result.extra("redirectedTo")).isEqualTo(SUCCESS + "?subscription");
        var subscription =
                Subscriptions.get(api, shop.testKey(), fixture.id()).expect(200).json();
        assertThat(subscription.path("status").asString()).isEqualTo("active");
        assertThat(subscription.at("/mandateSignature/status").asString()).isEqualTo("submitted");
        // the relayer paid the gas: the customer still holds no ether, and the first period moved
        assertThat(chain.etherBalance(fixture.customer())).isZero();
        assertThat(chain.balance(fixture.customer())).isEqualTo(TestChain.units("87.5"));
        assertThat(chain.balance(fixture.payout())).isEqualTo(TestChain.units("12.5"));
    }

    @Test
    void shouldPayAPaymentAndALinkByASignedTransferAndNoEther() {
        var payment = passed("pay-signature");
        var link = passed("link-signature");

        for (var result : List.of(payment, link)) {
            assertThat(result.json().path("extra").path("signed").valueStream().map(JsonNode::asString))
                    .containsExactly("TransferWithAuthorization");
            assertThat(requests(result)).doesNotContain("eth_sendTransaction");
        }
        var paid = ChainPayments.get(api, shop, FIXTURES.get("pay-signature").id());
        assertThat(paid.path("status").asString()).isEqualTo("paid");
        assertThat(paid.at("/authorization/status").asString()).isEqualTo("submitted");
        assertThat(chain.etherBalance(FIXTURES.get("pay-signature").customer())).isZero();
        assertThat(chain.balance(FIXTURES.get("pay-signature").payout())).isEqualTo(TestChain.units("20"));
        var linkPayment = ChainPayments.get(api, shop, paymentId(link.extra("paymentUrl")));
        assertThat(linkPayment.path("status").asString()).isEqualTo("paid");
        assertThat(linkPayment.path("paymentLinkId").asString())
                .isEqualTo(FIXTURES.get("link-signature").id());
        assertThat(chain.balance(FIXTURES.get("link-signature").payout())).isEqualTo(TestChain.units("7.5"));
    }

    @Test
    void shouldTurnPaidByItselfWhenAPhonePaysTheQrCodeOfAPageWithoutAWallet() {
        var result = passed("pay-qr");
        var fixture = FIXTURES.get("pay-qr");

        assertThat(result.extra("uri"))
                .isEqualToIgnoringCase("ethereum:" + chain.info().tokenAddress() + "@"
                        + chain.info().chainId() + "/transfer?address=" + fixture.payout() + "&uint256=6000000");
        var payment = ChainPayments.get(api, shop, fixture.id());
        assertThat(payment.path("status").asString()).isEqualTo("paid");
        assertThat(payment.path("txHash").asString()).isEqualToIgnoringCase(result.extra("phoneTx"));
        assertThat(chain.balance(fixture.payout())).isEqualTo(TestChain.units("6"));
    }

    @Test
    void shouldOpenTheLinkThroughThePlainFormWhenTheBrowserRunsNoJavaScript() {
        var result = passed("link-nojs");

        var payment = ChainPayments.get(api, shop, paymentId(result.extra("paymentUrl")));
        assertThat(payment.path("status").asString()).isEqualTo("open");
        assertThat(payment.path("paymentLinkId").asString())
                .isEqualTo(FIXTURES.get("link-nojs").id());
        assertThat(payment.path("customerEmail").asString()).isEqualTo("grace@example.com");
    }

    @Test
    void shouldPayAfterTheWalletFirstRejectedTheTransactionWhenTheCustomerTriesAgain() {
        var result = passed("pay-tx-rejected");
        var fixture = FIXTURES.get("pay-tx-rejected");

        assertThat(result.states()).anyMatch(state -> state.startsWith("failed(tx-rejected): "));
        assertThat(result.sent()).hasSize(1);
        assertThat(ChainPayments.get(api, shop, fixture.id()).path("status").asString())
                .isEqualTo("paid");
        assertThat(chain.balance(fixture.customer())).isEqualTo(TestChain.units("90"));
    }

    @Test
    void shouldPayTheExpiredPaymentLateAndSaySoWhenTheCustomerPaysAfterTheExpiry() {
        var result = passed("pay-expired");
        var fixture = FIXTURES.get("pay-expired");

        assertThat(result.states().getFirst()).startsWith("expired: ");
        var payment = ChainPayments.get(api, late, fixture.id());
        assertThat(payment.path("status").asString()).isEqualTo("paid");
        assertThat(payment.path("paidLate").asBoolean()).isTrue();
        assertThat(chain.balance(fixture.payout())).isEqualTo(TestChain.units("4"));
    }

    @Test
    void shouldSendNothingAndSayHowMuchIsMissingWhenTheWalletHoldsTooLittleUsdc() {
        var result = passed("pay-insufficient");
        var fixture = FIXTURES.get("pay-insufficient");

        assertThat(result.sent()).isEmpty();
        assertThat(chain.balance(fixture.customer())).isEqualTo(TestChain.units("5"));
        assertThat(ChainPayments.get(api, shop, fixture.id()).path("status").asString())
                .isEqualTo("open");
    }

    @Test
    void shouldSayWhatIsWrongAndOfferTheWayForwardWhenTheWalletCannotPayYet() {
        // no wallet at all (and the page refuses to be framed), connection rejected then accepted, wallet locked,
        // wrong chain with the switch refused then accepted, another account than the payment's
        for (var name :
                List.of("pay-no-wallet", "pay-rejected", "pay-locked", "pay-wrong-chain", "pay-wrong-account")) {
            var result = passed(name);
            assertThat(result.sent()).as(name).isEmpty();
            assertThat(ChainPayments.get(api, shop, FIXTURES.get(name).id())
                            .path("status")
                            .asString())
                    .as(name)
                    .isEqualTo("open");
        }
    }

    @Test
    void shouldOfferNoFormAndSayWhyWhenTheLinkIsUsedUpDisabledOrExpired() {
        passed("link-unavailable");
    }

    @Test
    void shouldPhotographEveryPageStateAtPhoneWidthWithoutSeriousAccessibilityViolations() {
        var screenshots = results.values().stream()
                .flatMap(result -> result.json().path("screenshots").valueStream())
                .toList();
        var violations = results.values().stream()
                .flatMap(result -> result.json().path("violations").valueStream())
                .toList();

        assertThat(screenshots).hasSizeGreaterThan(20);
        assertThat(violations).as("axe-core serious or critical violations").isEmpty();
    }

    /** Asserts the fixture's subscription active with an active mandate, and answers its latest invoice, paid. */
    private static JsonNode activeWithItsLatestInvoicePaid(Fixture fixture) {
        var subscription =
                Subscriptions.get(api, shop.testKey(), fixture.id()).expect(200).json();
        assertThat(subscription.path("status").asString()).isEqualTo("active");
        assertThat(subscription.path("mandateStatus").asString()).isEqualTo("active");
        var invoice = Invoices.get(
                        api,
                        shop.testKey(),
                        subscription.path("latestInvoiceId").asString())
                .expect(200)
                .json();
        assertThat(invoice.path("status").asString()).isEqualTo("paid");
        return invoice;
    }

    private static List<String> requests(Result result) {
        return result.json()
                .path("extra")
                .path("requests")
                .valueStream()
                .map(JsonNode::asString)
                .toList();
    }

    private static Scenario announced(String name, String url, String batchingAccount, TestChain.Wallet signer) {
        return new Scenario(
                name, name, Map.of("url", url, "account", batchingAccount, "privateKey", signer.privateKeyHex()));
    }

    private Result passed(String name) {
        assertThat(results).as("scenarios run").containsKey(name);
        return results.get(name).assertPassed();
    }

    // ---- fixtures ------------------------------------------------------------------------------------------------

    private record Made(String checkoutUrl, Fixture fixture) {}

    private static Made subscription(String customer) {
        var payout = TestChain.freshAddress();
        var body = new LinkedHashMap<String, @Nullable Object>(
                Subscriptions.adHoc("browser-subscriber", new BigDecimal("12.5"), "month"));
        body.put("customerWallet", customer);
        body.put("payoutAddressEvm", payout);
        body.put("successUrl", SUCCESS + "?subscription");
        body.put("cancelUrl", "https://merchant.example/plans");
        var created = api.post(Subscriptions.PATH)
                .key(shop.testKey())
                .json(body)
                .send()
                .expect(201)
                .json();
        return new Made(
                created.path("checkoutUrl").asString(),
                new Fixture(created.at("/subscription/id").asString(), customer, payout));
    }

    /** Two seats of 4 USDC a month and API calls at 0.002 USDC each, at most 50 USDC a period. */
    private static Made meteredSubscription(String customer) {
        var meter = api.post("/v1/meters")
                .key(shop.testKey())
                .json(Map.of("eventName", "browser_calls_" + System.nanoTime(), "aggregation", "sum"))
                .send()
                .expect(201)
                .json();
        var product = api.post("/v1/products")
                .key(shop.testKey())
                .json(Map.of(
                        "name",
                        "Team plan",
                        "prices",
                        List.of(
                                Map.of("amountUsdc", new BigDecimal("4"), "interval", "month"),
                                Map.of(
                                        "usageType",
                                        "metered",
                                        "meterId",
                                        meter.path("id").asString(),
                                        "unitAmountUsdc",
                                        new BigDecimal("0.002"),
                                        "interval",
                                        "month"))))
                .send()
                .expect(201)
                .json();
        var prices = product.at("/product/prices");
        var payout = TestChain.freshAddress();
        var body = new LinkedHashMap<String, @Nullable Object>();
        body.put("merchantRef", "browser-metered");
        body.put("customerWallet", customer);
        body.put("payoutAddressEvm", payout);
        body.put(
                "items",
                List.of(
                        Map.of("priceId", prices.get(0).path("id").asString(), "quantity", 2),
                        Map.of("priceId", prices.get(1).path("id").asString())));
        body.put("maxAmountPerPeriodUsdc", new BigDecimal("50"));
        var created = api.post(Subscriptions.PATH)
                .key(shop.testKey())
                .json(body)
                .send()
                .expect(201)
                .json();
        return new Made(
                created.path("checkoutUrl").asString(),
                new Fixture(created.at("/subscription/id").asString(), customer, payout));
    }

    private static Scenario payment(
            String name, String kind, String customer, String amount, @Nullable String successUrl) {
        var payout = TestChain.freshAddress();
        var created = api.post(Payments.PAYMENTS)
                .key(shop.testKey())
                .json(paymentBody(customer, payout, amount, successUrl))
                .send()
                .expect(201)
                .json();
        FIXTURES.put(name, new Fixture(created.at("/payment/id").asString(), customer, payout));
        var fixture = new LinkedHashMap<String, Object>();
        fixture.put("url", created.path("checkoutUrl").asString());
        fixture.put("account", customer);
        if (successUrl != null) {
            fixture.put("successUrl", successUrl);
        }
        return new Scenario(name, kind, fixture);
    }

    private static Map<String, @Nullable Object> paymentBody(
            String customer, String payout, String amount, @Nullable String successUrl) {
        var body = Payments.payment("browser-" + System.nanoTime(), amount);
        body.put("customerWallet", customer);
        body.put("payoutAddressEvm", payout);
        body.put("cancelUrl", "https://merchant.example/cart");
        if (successUrl != null) {
            body.put("successUrl", successUrl);
        }
        return body;
    }

    /** A link of 7.5 USDC of the shop with the given fields; {@code {paymentLink, url}}. */
    private static JsonNode link(Map<String, ?> extra) {
        return Payments.createLink(api, shop.testKey(), Payments.link("7.5", extra));
    }

    private static String paymentId(String checkoutUrl) {
        return checkoutUrl.substring(checkoutUrl.lastIndexOf('/') + 1);
    }
}
