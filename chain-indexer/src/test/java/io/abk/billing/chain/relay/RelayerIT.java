package io.abk.billing.chain.relay;

import static io.abk.billing.chain.relay.RelayerHarness.TEN_USDC;
import static io.abk.billing.chain.relay.RelayerHarness.charge;
import static io.abk.billing.chain.relay.RelayerHarness.now;
import static io.abk.billing.chain.relay.RelayerHarness.refund;
import static io.abk.billing.chain.relay.RelayerHarness.verify;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.chain.config.FeeCaps;
import io.abk.billing.contracts.ChargeId;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.EvmHex;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.avro.NotExecuted;
import io.abk.billing.schemas.avro.TransferVerified;
import io.abk.billing.schemas.mode.Mode;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.utils.Numeric;

/**
 * The relayer against a real anvil and the in-process broker: requests written to {@code chain.requests}, results
 * read back from {@code chain.results} as the settlement side reads them (read_committed), tokens checked on chain.
 */
class RelayerIT {

    @TempDir
    static Path dir;

    private static RelayerHarness chain;
    private final List<Relayer> relayers = new ArrayList<>();
    private String snapshot;
    private String customer;
    private String merchant;

    @BeforeAll
    static void startChainAndBroker() throws Exception {
        chain = new RelayerHarness(dir);
    }

    @AfterAll
    static void stop() {
        chain.close();
    }

    @BeforeEach
    void snapshotChain() {
        snapshot = chain.node.snapshot();
        customer = chain.customer.getAddress();
        merchant = chain.merchant.getAddress();
    }

    @AfterEach
    void stopRelayersAndRewind() {
        relayers.forEach(Relayer::close);
        chain.node.revert(snapshot);
    }

    @Test
    void shouldChargeOnceAndAnswerARepeatedRequestWithTheSameTransaction() throws Exception {
        start(chain.chain());
        var subscription = chain.subscribe(chain.customer, TEN_USDC);
        var before = balances();
        var request = charge(subscription, newInvoice(), TEN_USDC, now(), customer, merchant);

        chain.send(request);
        var first = executed(chain.result(request.getRequestId()));
        chain.send(request);
        var answers = chain.results(request.getRequestId(), 2);

        assertThat(first).matches("0x[0-9a-f]{64}");
        assertThat(answers).extracting(result -> executed(result)).containsExactly(first, first);
        assertMoved(before, TEN_USDC);
        // The repeat is answered with the original transaction found through the vault, and with that one's gas.
        var receipt = chain.node
                .web3j()
                .ethGetTransactionReceipt(first)
                .send()
                .getTransactionReceipt()
                .orElseThrow();
        var gasUsed = receipt.getGasUsed().longValueExact();
        var cost = receipt.getGasUsed()
                .multiply(org.web3j.utils.Numeric.decodeQuantity(receipt.getEffectiveGasPrice()))
                .toString();
        assertThat(answers).extracting(result -> (Executed) result.getOutcome()).allSatisfy(executed -> {
            assertThat(executed.getGasUsed()).isEqualTo(gasUsed).isPositive();
            assertThat(executed.getGasCostWei()).isEqualTo(cost).isNotEqualTo("0");
        });
    }

    @Test
    void shouldChargeTheRequestsOfABatchInOneTransactionAndKeyEachResultByItsInvoice() throws Exception {
        start(chain.chain());
        var first = chain.subscribe(chain.customer, TEN_USDC);
        var second = chain.subscribe(chain.customer, TEN_USDC);
        var before = balances();
        var firstCharge = charge(first, newInvoice(), TEN_USDC, now(), customer, merchant);
        var secondCharge = charge(second, newInvoice(), TEN_USDC, now(), customer, merchant);

        chain.sendBatch(List.of(firstCharge, secondCharge));

        var txHash = executed(chain.result(firstCharge.getRequestId()));
        assertThat(txHash).matches("0x[0-9a-f]{64}");
        assertThat(executed(chain.result(secondCharge.getRequestId()))).isEqualTo(txHash);
        for (var request : List.of(firstCharge, secondCharge)) {
            assertThat(chain.resultKey(request.getRequestId())).isEqualTo(request.getInvoiceId());
        }
        assertMoved(before, 2 * TEN_USDC);
        // Each charge carries its share of the transaction's gas; the shares add up to what the relayer paid.
        var receipt = receipt(txHash);
        var shares = List.of((Executed) chain.result(firstCharge.getRequestId()).getOutcome(), (Executed)
                chain.result(secondCharge.getRequestId()).getOutcome());
        assertThat(shares.stream().mapToLong(Executed::getGasUsed).sum())
                .isEqualTo(receipt.getGasUsed().longValueExact());
        assertThat(shares.stream()
                        .map(share -> new BigInteger(share.getGasCostWei()))
                        .reduce(BigInteger.ZERO, BigInteger::add))
                .isEqualTo(receipt.getGasUsed()
                        .multiply(org.web3j.utils.Numeric.decodeQuantity(receipt.getEffectiveGasPrice())));
    }

    // Charges the preflight cleared one by one can still clash inside their batch: each is answered for itself.
    @Test
    void shouldAnswerEachChargeOfABatchTransactionWithItsOwnOutcome() throws Exception {
        start(chain.chain());
        var first = chain.subscribe(chain.customer, TEN_USDC);
        var second = chain.subscribe(chain.customer, TEN_USDC);
        var before = balances();
        var invoice = newInvoice();
        var charged = charge(first, invoice, TEN_USDC, now(), customer, merchant);
        var other = charge(second, newInvoice(), TEN_USDC, now(), customer, merchant);
        var nextPeriod = charge(first, newInvoice(), TEN_USDC, now(), customer, merchant);
        var repeated = ChainRequest.newBuilder(charge(first, invoice, TEN_USDC, now(), customer, merchant))
                .setRequestId(invoice + ":2")
                .build();

        chain.sendBatch(List.of(charged, other, nextPeriod, repeated));

        var txHash = executed(chain.result(charged.getRequestId()));
        assertThat(executed(chain.result(other.getRequestId()))).isEqualTo(txHash);
        assertThat(code(chain.result(nextPeriod.getRequestId()))).isEqualTo("PERIOD_NOT_STARTED");
        assertThat(((NotExecuted) chain.result(nextPeriod.getRequestId()).getOutcome()).getGasUsed())
                .isPositive();
        assertThat(executed(chain.result(repeated.getRequestId()))).isEqualTo(txHash);
        assertMoved(before, 2 * TEN_USDC);
    }

    @Test
    void shouldRefuseWithTheChainsReasonAndMoveNothing() throws Exception {
        start(chain.chain());
        var requests = doomedCharges();
        var before = balances();

        for (var request : requests) {
            chain.send(request);
            chain.result(request.getRequestId());
        }

        assertRefusedWithTheChainsReasons(requests, before);
        // Alone, each is refused before anything is sent.
        assertThat(requests)
                .extracting(request ->
                        ((NotExecuted) chain.result(request.getRequestId()).getOutcome()).getGasUsed())
                .containsOnlyNulls();
    }

    // In a batch the vault itself refuses each charge, with the same reasons, for the gas of its own share.
    @Test
    void shouldRefuseEachChargeOfABatchWithTheReasonALoneChargeGets() throws Exception {
        start(chain.chain());
        var requests = doomedCharges();
        var before = balances();

        chain.sendBatch(requests);

        assertRefusedWithTheChainsReasons(requests, before);
        assertThat(requests)
                .extracting(request ->
                        ((NotExecuted) chain.result(request.getRequestId()).getOutcome()).getGasUsed())
                .allSatisfy(gas -> assertThat(gas).isPositive());
    }

    /** Six charges the chain refuses, each for another reason. */
    private List<ChainRequest> doomedCharges() throws Exception {
        var broke = AnvilAccounts.get(5);
        var revoked = AnvilAccounts.get(6);
        var low = AnvilAccounts.get(7);
        chain.approve(broke, TEN_USDC);
        chain.mint(revoked.getAddress(), TEN_USDC);
        chain.mint(low.getAddress(), TEN_USDC);
        chain.approve(low, TEN_USDC / 2);
        var brokeSub = chain.subscribe(broke, TEN_USDC);
        var revokedSub = chain.subscribe(revoked, TEN_USDC);
        var lowSub = chain.subscribe(low, TEN_USDC);
        var canceledSub = chain.subscribe(chain.customer, TEN_USDC);
        chain.tx.send(chain.customer, chain.vault(), SubscriptionVaultAbi.cancel(SubscriptionRef.of(canceledSub)));
        var paidSub = chain.subscribe(chain.customer, TEN_USDC);
        var paid = charge(paidSub, newInvoice(), TEN_USDC, now(), customer, merchant);
        chain.send(paid);
        executed(chain.result(paid.getRequestId()));
        return List.of(
                charge(brokeSub, newInvoice(), TEN_USDC, now(), broke.getAddress(), merchant),
                charge(revokedSub, newInvoice(), TEN_USDC, now(), revoked.getAddress(), merchant),
                charge(lowSub, newInvoice(), TEN_USDC, now(), low.getAddress(), merchant),
                charge(canceledSub, newInvoice(), TEN_USDC, now(), customer, merchant),
                charge(paidSub, newInvoice(), TEN_USDC, now(), customer, merchant),
                charge("sub_never_subscribed", newInvoice(), TEN_USDC, now(), customer, merchant));
    }

    private void assertRefusedWithTheChainsReasons(List<ChainRequest> doomed, Balances before) {
        assertThat(doomed)
                .extracting(request -> code(chain.result(request.getRequestId())))
                .containsExactly(
                        "INSUFFICIENT_BALANCE",
                        "ALLOWANCE_REVOKED",
                        "ALLOWANCE_TOO_LOW",
                        "MANDATE_REVOKED",
                        "PERIOD_NOT_STARTED",
                        "MANDATE_INACTIVE");
        assertThat(chain.balance(AnvilAccounts.get(7).getAddress())).isEqualTo(BigInteger.valueOf(TEN_USDC));
        assertThat(chain.balance(AnvilAccounts.get(6).getAddress())).isEqualTo(BigInteger.valueOf(TEN_USDC));
        assertMoved(before, 0);
    }

    // Protects against charging twice when the relayer crashed after sending and before writing its result.
    @Test
    void shouldAnswerWithTheOriginalTransactionWhenTheVaultCharged() throws Exception {
        var subscription = chain.subscribe(chain.customer, TEN_USDC);
        var invoice = newInvoice();
        var sentBeforeTheCrash = chain.tx.send(
                chain.relayer,
                chain.vault(),
                SubscriptionVaultAbi.charge(
                        SubscriptionRef.of(subscription), BigInteger.valueOf(TEN_USDC), ChargeId.of(invoice)));
        var before = balances();
        start(chain.chain());

        var request = charge(subscription, invoice, TEN_USDC, now(), customer, merchant);
        chain.send(request);

        assertThat(executed(chain.result(request.getRequestId())))
                .isEqualTo(sentBeforeTheCrash.getTransactionHash().toLowerCase());
        assertMoved(before, 0);
    }

    @Test
    void shouldFindItsNonceAgainWhenTheAccountSentTransactionsElsewhere() throws Exception {
        start(chain.chain());
        var first =
                charge(chain.subscribe(chain.customer, TEN_USDC), newInvoice(), TEN_USDC, now(), customer, merchant);
        chain.send(first);
        executed(chain.result(first.getRequestId()));
        for (int i = 0; i < 3; i++) {
            chain.tx.send(chain.relayer, chain.token(), Erc20Abi.mint(chain.relayer.getAddress(), BigInteger.ONE));
        }

        var second =
                charge(chain.subscribe(chain.customer, TEN_USDC), newInvoice(), TEN_USDC, now(), customer, merchant);
        chain.send(second);

        assertThat(executed(chain.result(second.getRequestId()))).matches("0x[0-9a-f]{64}");
    }

    @Test
    void shouldSendNothingWhenTheBaseFeeIsAboveTheCap() throws Exception {
        start(RelayerHarness.withCaps(
                chain.chain(), new FeeCaps(BigInteger.ONE, BigInteger.ZERO, BigInteger.TEN.pow(18))));
        var subscription = chain.subscribe(chain.customer, TEN_USDC);
        var nonce = nonce(chain.relayer);
        var request = charge(subscription, newInvoice(), TEN_USDC, now(), customer, merchant);

        chain.send(request);
        var result = (NotExecuted) chain.result(request.getRequestId()).getOutcome();

        assertThat(result.getFailureCode()).isEqualTo("RELAYER_ERROR");
        assertThat(result.getFailureMessage()).contains("max fee per gas cap of 1 wei");
        assertThat(nonce(chain.relayer)).isEqualTo(nonce);
    }

    @Test
    void shouldRefundFromTheMerchantWithinWhatWasCharged() throws Exception {
        start(chain.chain());
        var subscription = chain.subscribe(chain.customer, TEN_USDC);
        var invoice = newInvoice();
        var paid = charge(subscription, invoice, TEN_USDC, now(), customer, merchant);
        chain.send(paid);
        executed(chain.result(paid.getRequestId()));
        var before = balances();

        var partial = refund(subscription, invoice, 1, 4_000_000, customer, merchant);
        chain.send(partial);
        assertThat(executed(chain.result(partial.getRequestId()))).matches("0x[0-9a-f]{64}");
        assertMoved(before, -4_000_000);

        var tooMuch = refund(subscription, invoice, 2, 7_000_000, customer, merchant);
        chain.send(tooMuch);
        assertThat(code(chain.result(tooMuch.getRequestId()))).isEqualTo("RELAYER_ERROR");

        chain.approve(chain.merchant, 0);
        var unfunded = refund(subscription, invoice, 3, 1_000_000, customer, merchant);
        chain.send(unfunded);
        assertThat(code(chain.result(unfunded.getRequestId()))).isEqualTo("MERCHANT_FUNDS_UNAVAILABLE");
        assertMoved(before, -4_000_000);
    }

    @Test
    void shouldVerifyATransferAndSayWhatIsWrongWithOthers() throws Exception {
        start(chain.chain());
        var stranger = AnvilAccounts.get(4).getAddress();
        var right = transfer(chain.customer, merchant, TEN_USDC);
        var elsewhere = transfer(chain.customer, stranger, TEN_USDC);
        var half = transfer(chain.customer, merchant, TEN_USDC / 2);
        var reverted = revertedTransfer(chain.customer, merchant);
        var cases = List.of(
                verify(newPayment(), right, TEN_USDC, customer, merchant),
                verify(newPayment(), right, TEN_USDC, null, merchant),
                verify(newPayment(), elsewhere, TEN_USDC, customer, merchant),
                verify(newPayment(), half, TEN_USDC, customer, merchant),
                verify(newPayment(), reverted, TEN_USDC, customer, merchant),
                verify(newPayment(), "0x" + "ab".repeat(32), TEN_USDC, customer, merchant),
                verify(newPayment(), right, TEN_USDC, stranger, merchant));
        for (var request : cases) {
            chain.send(request);
        }

        var verified =
                (TransferVerified) chain.result(cases.get(0).getRequestId()).getOutcome();
        assertThat(verified.getTxHash()).isEqualTo(right);
        assertThat(verified.getAmountReceivedMicros()).isEqualTo(TEN_USDC);
        assertThat(verified.getFromAddress()).isEqualToIgnoringCase(customer);
        assertThat(chain.result(cases.get(1).getRequestId()).getOutcome()).isInstanceOf(TransferVerified.class);
        assertThat(cases.subList(2, cases.size()))
                .extracting(request -> code(chain.result(request.getRequestId())))
                .containsExactly(
                        "PAYMENT_WRONG_RECIPIENT",
                        "PAYMENT_SHORT",
                        "PAYMENT_TX_REVERTED",
                        "PAYMENT_TX_NOT_FOUND",
                        "PAYMENT_WRONG_SENDER");
        assertThat(((NotExecuted) chain.result(cases.get(3).getRequestId()).getOutcome()).getFailureMessage())
                .contains("expected 10 USDC, received 5 USDC");
    }

    @Test
    void shouldAskToConfirmAgainWhenTheTransferIsShallowerThanTheDepth() throws Exception {
        start(RelayerHarness.withConfirmations(chain.chain(), 3));
        var right = transfer(chain.customer, merchant, TEN_USDC);
        var request = verify(newPayment(), right, TEN_USDC, customer, merchant);

        chain.send(request);
        var refused = (NotExecuted) chain.result(request.getRequestId()).getOutcome();

        assertThat(refused.getFailureCode()).isEqualTo("PAYMENT_PENDING_CONFIRMATIONS");
        assertThat(refused.getFailureMessage()).contains("1 of 3 confirmations");
    }

    @Test
    void shouldSendAtTheChainsNonceWhenAReorganisationTookItsLastTransactionBack() throws Exception {
        // Protects against a relayer whose nonce counter ran ahead of the chain after a reorg: every later transaction
        // would wait behind a gap that no fee fills.
        start(chain.chain());
        var subscription = chain.subscribe(chain.customer, TEN_USDC);
        var first = charge(subscription, newInvoice(), TEN_USDC, now(), customer, merchant);
        chain.send(first);
        var firstTx = executed(chain.result(first.getRequestId()));
        var firstBlock = chain.node
                .web3j()
                .ethGetTransactionReceipt(firstTx)
                .send()
                .getTransactionReceipt()
                .orElseThrow()
                .getBlockNumber()
                .longValueExact();
        // Every block from the charge's on: the relayer answered it only once blocks were on top.
        chain.node.reorg((int) (chain.node.blockNumber() - firstBlock + 1));
        assertThat(chain.node.web3j().ethGetTransactionReceipt(firstTx).send().getTransactionReceipt())
                .as("the first charge is off the chain")
                .isEmpty();

        var again = charge(subscription, newInvoice(), TEN_USDC, now(), customer, merchant);
        chain.send(again);

        var againTx = executed(chain.result(again.getRequestId()));
        assertThat(chain.node.web3j().ethGetTransactionReceipt(againTx).send().getTransactionReceipt())
                .hasValueSatisfying(receipt -> assertThat(receipt.isStatusOK()).isTrue());
    }

    @Test
    void shouldCancelWhatAStoppedRelayerLeftStuckAndThenCharge() throws Exception {
        // Protects against a transaction a stopped relayer left in the pool holding every later one of the key back.
        // Given a transaction of the relayer's key waiting in the pool, no block coming
        start(RelayerHarness.withReceiptTimeout(chain.chain(), Duration.ofSeconds(1)));
        var subscription = chain.subscribe(chain.customer, TEN_USDC);
        var left = nonce(chain.relayer);
        var request = charge(subscription, newInvoice(), TEN_USDC, now(), customer, merchant);
        String stuck;
        chain.node.setAutomine(false);
        try {
            stuck = sendCheap(chain.relayer);

            // When a charge comes, the relayer waits the receipt timeout for it, then replaces it by a cancel
            chain.send(request);
            await().atMost(RelayerHarness.PATIENCE)
                    .until(() -> chain.node
                            .web3j()
                            .ethGetTransactionByHash(stuck)
                            .send()
                            .getTransaction()
                            .isEmpty());
        } finally {
            chain.node.setAutomine(true);
        }

        // Then the cancel is mined with the stuck transaction's nonce, and the charge after it
        assertThat(executed(chain.result(request.getRequestId()))).matches("0x[0-9a-f]{64}");
        assertThat(chain.node.web3j().ethGetTransactionReceipt(stuck).send().getTransactionReceipt())
                .isEmpty();
        assertThat(nonce(chain.relayer)).isEqualTo(left.add(BigInteger.TWO));
    }

    @Test
    void shouldRefuseToVerifyAPaymentWithTheHashOfAVaultCharge() throws Exception {
        // Protects against a subscription's charge paying a one-time payment of the same customer and payout address.
        start(chain.chain());
        var subscription = chain.subscribe(chain.customer, TEN_USDC);
        var charged = charge(subscription, newInvoice(), TEN_USDC, now(), customer, merchant);
        chain.send(charged);
        var chargeTx = executed(chain.result(charged.getRequestId()));
        var request = verify(newPayment(), chargeTx, TEN_USDC, customer, merchant);

        chain.send(request);

        var refused = (NotExecuted) chain.result(request.getRequestId()).getOutcome();
        assertThat(refused.getFailureCode()).isEqualTo("PAYMENT_TX_ALREADY_USED");
        assertThat(refused.getFailureMessage()).contains("through the vault");
    }

    @Test
    void shouldRefuseInLiveModeATransferMinedBeforeThePaymentWasCreated() throws Exception {
        // Protects against a live confirm paying with an older transfer made for something else (PAYMENT_TX_TOO_OLD).
        start(RelayerHarness.withMode(chain.chain(), Mode.LIVE));
        var old = transfer(chain.customer, merchant, TEN_USDC);
        var minedAt = chain.node.latestBlockTimestamp();
        var createdLater = verify(newPayment(), old, TEN_USDC, customer, merchant, Mode.LIVE, minedAt.plusSeconds(1));
        var createdSameSecond =
                verify(newPayment(), old, TEN_USDC, customer, merchant, Mode.LIVE, minedAt.plusMillis(999));

        chain.send(createdLater);
        chain.send(createdSameSecond);

        var refused = (NotExecuted) chain.result(createdLater.getRequestId()).getOutcome();
        assertThat(refused.getFailureCode()).isEqualTo("PAYMENT_TX_TOO_OLD");
        assertThat(refused.getFailureMessage()).contains(old).contains("before the payment was created");
        assertThat(chain.result(createdSameSecond.getRequestId()).getOutcome())
                .as("a block's time has whole seconds: the payment's own second still counts")
                .isInstanceOf(TransferVerified.class);
    }

    @Test
    void shouldVerifyInTestModeATransferMinedBeforeTheTestClocksCreationTime() throws Exception {
        start(chain.chain());
        var transfer = transfer(chain.customer, merchant, TEN_USDC);
        // A merchant's test clock a day ahead of the chain stamped the payment's creation.
        var aheadByTestClock = chain.node.latestBlockTimestamp().plus(java.time.Duration.ofDays(1));
        var request = verify(newPayment(), transfer, TEN_USDC, customer, merchant, Mode.TEST, aheadByTestClock);

        chain.send(request);

        assertThat(chain.result(request.getRequestId()).getOutcome()).isInstanceOf(TransferVerified.class);
    }

    @Test
    void shouldMoveChainTimeToTheTestClockToChargeTheSecondPeriod() throws Exception {
        start(RelayerHarness.withTimeTravel(chain.chain()));
        var subscription = chain.subscribe(chain.customer, TEN_USDC);
        var first = charge(subscription, newInvoice(), TEN_USDC, now(), customer, merchant);
        chain.send(first);
        executed(chain.result(first.getRequestId()));
        var secondPeriod = chain.node
                .latestBlockTimestamp()
                .atZone(ZoneOffset.UTC)
                .plusMonths(1)
                .plusHours(1)
                .toInstant();

        var renewal = charge(subscription, newInvoice(), TEN_USDC, secondPeriod, customer, merchant);
        chain.send(renewal);

        assertThat(executed(chain.result(renewal.getRequestId()))).matches("0x[0-9a-f]{64}");
        assertThat(chain.node.latestBlockTimestamp()).isAfterOrEqualTo(secondPeriod);
    }

    @Test
    void shouldSubmitATransferAuthorizationOfAWalletWithoutEthAndAnswerARepeatWithTheSameTransaction()
            throws Exception {
        start(chain.chain());
        var signed = new SignedRequests(chain);
        var payer = signed.walletWithoutEth(8);
        var before = chain.balance(merchant);
        var paymentId = "pay_" + UUID.randomUUID();
        var validBefore = signed.inAnHour();

        var first = signed.authorization(paymentId, 1, payer, validBefore);
        chain.send(first);
        var executed = (Executed) chain.result(first.getRequestId()).getOutcome();
        // Guards against a second submission of the same signature (a retry after a relayer crash) failing or paying
        // twice: the token's AuthorizationUsed names the transaction that used it.
        var again = signed.authorization(paymentId, 2, payer, validBefore);
        chain.send(again);
        var repeated = executed(chain.result(again.getRequestId()));

        assertThat(chain.balance(merchant)).isEqualTo(before.add(BigInteger.valueOf(TEN_USDC)));
        assertThat(signed.ethOf(payer)).isZero();
        signed.assertGasOfItsReceipt(executed);
        assertThat(repeated).isEqualTo(executed.getTxHash());
    }

    @Test
    void shouldSubmitASignedMandateThatSetsTheAllowanceAndChargesTheFirstInvoiceInOneTransaction() throws Exception {
        start(chain.chain());
        var signed = new SignedRequests(chain);
        var customer = signed.walletWithoutEth(9);
        var before = chain.balance(merchant);
        var subscriptionId = "sub_" + UUID.randomUUID();
        var invoiceId = newInvoice();
        var request = signed.mandate(subscriptionId, invoiceId, customer);

        chain.send(request);
        var executed = (Executed) chain.result(request.getRequestId()).getOutcome();

        assertThat(chain.balance(merchant)).isEqualTo(before.add(BigInteger.valueOf(TEN_USDC)));
        assertThat(signed.ethOf(customer)).isZero();
        var subscription = SubscriptionVaultAbi.decodeSubscription(
                chain.tx.call(chain.vault(), SubscriptionVaultAbi.getSubscription(SubscriptionRef.of(subscriptionId))));
        assertThat(subscription.maxCharges()).isEqualTo(12);
        assertThat(subscription.chargeCount()).isEqualTo(1);
        assertThat(SubscriptionVaultAbi.decodeChargeRecord(
                                chain.tx.call(chain.vault(), SubscriptionVaultAbi.chargeOf(ChargeId.of(invoiceId))))
                        .exists())
                .isTrue();
        signed.assertGasOfItsReceipt(executed);
    }

    @Test
    void shouldSubmitAPermitOfAWalletWithoutEthForTheVaultAndRefuseOneSignedByAnotherKey() throws Exception {
        start(chain.chain());
        var signed = new SignedRequests(chain);
        var owner = signed.newWalletWithoutEth();
        var subscriptionId = "sub_" + UUID.randomUUID();
        var value = BigInteger.valueOf(TEN_USDC * 24);

        var forged = signed.permit(subscriptionId, 1, owner, value, AnvilAccounts.get(4));
        chain.send(forged);
        assertThat(code(chain.result(forged.getRequestId()))).isEqualTo("SIGNATURE_INVALID");
        var permit = signed.permit(subscriptionId, 2, owner, value, owner);
        chain.send(permit);
        var executed = (Executed) chain.result(permit.getRequestId()).getOutcome();

        assertThat(Erc20Abi.decodeUint256(
                        chain.tx.call(chain.token(), Erc20Abi.allowance(owner.getAddress(), chain.vault()))))
                .isEqualTo(value);
        assertThat(signed.ethOf(owner)).isZero();
        signed.assertGasOfItsReceipt(executed);
    }

    @Test
    void shouldSubmitASignedCancelWhoseCanceledNamesTheCustomerAndAnswerARepeatWithTheSameTransaction()
            throws Exception {
        start(chain.chain());
        var signed = new SignedRequests(chain);
        var customer = signed.newWalletWithoutEth();
        var subscriptionId = "sub_" + UUID.randomUUID();
        var subscribe = signed.mandate(subscriptionId, newInvoice(), customer);
        chain.send(subscribe);
        assertThat(executed(chain.result(subscribe.getRequestId()))).isNotNull();
        var deadline = signed.inAnHour();

        var expired = signed.cancel(
                subscriptionId, 1, customer, chain.node.latestBlockTimestamp().getEpochSecond() - 1);
        chain.send(expired);
        assertThat(code(chain.result(expired.getRequestId()))).isEqualTo("SIGNATURE_EXPIRED");
        var cancel = signed.cancel(subscriptionId, 2, customer, deadline);
        chain.send(cancel);
        var executed = (Executed) chain.result(cancel.getRequestId()).getOutcome();
        // Guards against a retry after a relayer crash answering a done cancel with MANDATE_REVOKED.
        var again = signed.cancel(subscriptionId, 3, customer, deadline);
        chain.send(again);
        var repeated = executed(chain.result(again.getRequestId()));

        var ref = SubscriptionRef.of(subscriptionId);
        assertThat(SubscriptionVaultAbi.decodeSubscription(
                                chain.tx.call(chain.vault(), SubscriptionVaultAbi.getSubscription(ref)))
                        .canceled())
                .isTrue();
        // Auto-settlement revokes the mandate for a Canceled by anyone but the relayer: this one names the customer.
        var canceled = chain
                .node
                .web3j()
                .ethGetTransactionReceipt(executed.getTxHash())
                .send()
                .getTransactionReceipt()
                .orElseThrow()
                .getLogs()
                .stream()
                .filter(log -> log.getTopics().getFirst().equalsIgnoreCase(SubscriptionVaultAbi.CANCELED_TOPIC))
                .findFirst()
                .orElseThrow();
        assertThat(EvmHex.addressFromTopic(canceled.getTopics().get(2))).isEqualToIgnoringCase(customer.getAddress());
        assertThat(signed.ethOf(customer)).isZero();
        signed.assertGasOfItsReceipt(executed);
        assertThat(repeated).isEqualTo(executed.getTxHash());
    }

    private void start(io.abk.billing.chain.config.ChainSettings settings) throws Exception {
        relayers.add(chain.startRelayer(settings));
    }

    private record Balances(BigInteger customer, BigInteger merchant) {}

    private Balances balances() {
        return new Balances(chain.balance(customer), chain.balance(merchant));
    }

    /** Exactly {@code micros} went from the customer to the merchant since {@code before} (negative: back). */
    private void assertMoved(Balances before, long micros) {
        var moved = BigInteger.valueOf(micros);
        assertThat(chain.balance(customer)).isEqualTo(before.customer().subtract(moved));
        assertThat(chain.balance(merchant)).isEqualTo(before.merchant().add(moved));
    }

    private static String executed(ChainResult result) {
        assertThat(result.getOutcome()).isInstanceOf(Executed.class);
        return ((Executed) result.getOutcome()).getTxHash();
    }

    private org.web3j.protocol.core.methods.response.TransactionReceipt receipt(String txHash) throws Exception {
        return chain.node
                .web3j()
                .ethGetTransactionReceipt(txHash)
                .send()
                .getTransactionReceipt()
                .orElseThrow();
    }

    private static String code(ChainResult result) {
        assertThat(result.getOutcome()).isInstanceOf(NotExecuted.class);
        return ((NotExecuted) result.getOutcome()).getFailureCode();
    }

    private String transfer(Credentials from, String to, long micros) {
        return chain.tx
                .send(from, chain.token(), Erc20Abi.transfer(to, BigInteger.valueOf(micros)))
                .getTransactionHash()
                .toLowerCase();
    }

    /** A transfer above the sender's balance with an explicit gas limit: mined with status 0. */
    private String revertedTransfer(Credentials from, String to) throws Exception {
        var web3j = chain.node.web3j();
        var nonce = nonce(from);
        var gasPrice = web3j.ethGasPrice().send().getGasPrice().multiply(BigInteger.TWO);
        var raw = RawTransaction.createTransaction(
                nonce,
                gasPrice,
                BigInteger.valueOf(100_000),
                chain.token(),
                Erc20Abi.transfer(to, RelayerHarness.FUNDS.multiply(BigInteger.TEN)));
        var hash = web3j.ethSendRawTransaction(
                        Numeric.toHexString(TransactionEncoder.signMessage(raw, chain.node.chainId(), from)))
                .send()
                .getTransactionHash();
        org.awaitility.Awaitility.await()
                .atMost(RelayerHarness.PATIENCE)
                .until(() -> web3j.ethGetTransactionReceipt(hash)
                        .send()
                        .getTransactionReceipt()
                        .isPresent());
        assertThat(web3j.ethGetTransactionReceipt(hash)
                        .send()
                        .getTransactionReceipt()
                        .orElseThrow()
                        .isStatusOK())
                .isFalse();
        return hash.toLowerCase();
    }

    /** A transfer of nothing to itself that offers the least a block would take now (one wei of priority fee). */
    private String sendCheap(Credentials from) throws Exception {
        var web3j = chain.node.web3j();
        var baseFee = web3j.ethGetBlockByNumber(DefaultBlockParameterName.LATEST, false)
                .send()
                .getBlock()
                .getBaseFeePerGas();
        var raw = RawTransaction.createTransaction(
                chain.node.chainId(),
                nonce(from),
                BigInteger.valueOf(21_000),
                from.getAddress(),
                BigInteger.ZERO,
                "",
                BigInteger.ONE,
                baseFee.multiply(BigInteger.TWO).add(BigInteger.ONE));
        return web3j.ethSendRawTransaction(Numeric.toHexString(TransactionEncoder.signMessage(raw, from)))
                .send()
                .getTransactionHash()
                .toLowerCase();
    }

    private BigInteger nonce(Credentials account) throws Exception {
        return chain.node
                .web3j()
                .ethGetTransactionCount(account.getAddress(), DefaultBlockParameterName.PENDING)
                .send()
                .getTransactionCount();
    }

    private static String newInvoice() {
        return "inv_" + UUID.randomUUID();
    }

    private static String newPayment() {
        return "pay_" + UUID.randomUUID();
    }
}
