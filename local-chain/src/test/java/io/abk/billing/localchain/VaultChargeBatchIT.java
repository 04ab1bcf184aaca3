package io.abk.billing.localchain;

import static io.abk.billing.localchain.VaultFixture.TEN_USDC;
import static io.abk.billing.localchain.VaultFixture.assertRefused;
import static io.abk.billing.localchain.VaultFixture.newChargeId;
import static io.abk.billing.localchain.VaultFixture.newRef;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.ChargeCall;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.VaultError;
import io.abk.billing.contracts.VaultEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.crypto.Credentials;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.methods.request.Transaction;
import org.web3j.protocol.core.methods.response.TransactionReceipt;
import org.web3j.utils.Numeric;

/**
 * {@code chargeBatch} against a real anvil: each charge of a batch keeps charge's rules and its own outcome, a refused
 * one never undoes the others, a charge id is used once within a batch as across transactions, and a batch's charge
 * costs less gas than a lone one.
 */
class VaultChargeBatchIT {

    private static final Logger LOG = LoggerFactory.getLogger(VaultChargeBatchIT.class);
    private static final Instant ANCHOR = Instant.parse("2026-07-15T10:00:00Z");
    private static final Instant SECOND_PERIOD = Instant.parse("2026-08-15T10:00:00Z");
    /** Customers of their own, so that each charge of a batch reads and writes its own balance and allowance. */
    private static final int CUSTOMERS = 40;

    private static VaultFixture chain;
    private static final List<Credentials> customers = new ArrayList<>();
    private String snapshot;

    @BeforeAll
    static void startChain() {
        chain = new VaultFixture();
        for (int i = 0; i < CUSTOMERS; i++) {
            var customer = chain.walletWithoutEth("batch customer " + i);
            chain.node.setEthBalance(customer.getAddress(), BigInteger.TEN.pow(18));
            chain.tx.send(customer, chain.token(), Erc20Abi.approve(chain.vault(), Erc20Abi.UNLIMITED));
            customers.add(customer);
        }
    }

    @AfterAll
    static void stopChain() {
        chain.close();
    }

    @BeforeEach
    void takeSnapshot() {
        snapshot = chain.node.snapshot();
    }

    @AfterEach
    void rewind() {
        chain.node.revert(snapshot);
    }

    @Test
    void shouldChargeEveryItemOfABatchInOneTransaction() {
        var refs = subscribeCustomers(3);
        chain.timeIs(ANCHOR);
        var charges = refs.stream()
                .map(ref -> new ChargeCall(ref, TEN_USDC, newChargeId()))
                .toList();
        BigInteger merchantBefore = chain.balance(chain.merchant.getAddress());

        var receipt = chargeBatch(charges);

        assertThat(chain.events(receipt))
                .containsExactlyElementsOf(charges.stream()
                        .map(charge ->
                                (VaultEvent) new VaultEvent.Charged(charge.ref(), 0, TEN_USDC, charge.chargeId()))
                        .toList());
        assertThat(chain.balance(chain.merchant.getAddress()))
                .isEqualTo(merchantBefore.add(TEN_USDC.multiply(BigInteger.valueOf(3))));
        assertThat(chain.balance(chain.vault())).isZero();
        for (var charge : charges) {
            var record = SubscriptionVaultAbi.decodeChargeRecord(
                    chain.tx.call(chain.vault(), SubscriptionVaultAbi.chargeOf(charge.chargeId())));
            assertThat(record.exists()).isTrue();
            assertThat(record.blockNumber()).isEqualTo(receipt.getBlockNumber().longValueExact());
        }
    }

    // A charge the state refuses between the relayer's preflight and the block undoes itself alone.
    @Test
    void shouldReportEachRefusedItemWithTheErrorALoneChargeGivesAndChargeTheOthers() {
        var refs = subscribeCustomers(6);
        chain.timeIs(ANCHOR);
        String used = newChargeId();
        chain.charge(refs.get(1), TEN_USDC, used);
        chain.tx.send(customers.get(2), chain.vault(), SubscriptionVaultAbi.cancel(refs.get(2)));
        String poor = customers.get(4).getAddress().toLowerCase();
        BigInteger poorBalance = chain.balance(poor);
        chain.tx.send(
                customers.get(4),
                chain.token(),
                Erc20Abi.transfer(chain.stranger.getAddress(), poorBalance.subtract(BigInteger.ONE)));
        String unknown = newRef();
        BigInteger more = TEN_USDC.add(BigInteger.ONE);
        var charges = List.of(
                new ChargeCall(refs.get(0), TEN_USDC, newChargeId()),
                new ChargeCall(refs.get(5), TEN_USDC, used),
                new ChargeCall(refs.get(2), TEN_USDC, newChargeId()),
                new ChargeCall(refs.get(3), more, newChargeId()),
                new ChargeCall(refs.get(4), TEN_USDC, newChargeId()),
                new ChargeCall(unknown, TEN_USDC, newChargeId()),
                new ChargeCall(refs.get(5), TEN_USDC, newChargeId()));
        BigInteger merchantBefore = chain.balance(chain.merchant.getAddress());

        var receipt = chargeBatch(charges);

        assertThat(chain.events(receipt))
                .containsExactly(
                        new VaultEvent.Charged(
                                refs.get(0), 0, TEN_USDC, charges.get(0).chargeId()),
                        failed(charges.get(1), new VaultError.ChargeIdUsed(used)),
                        failed(charges.get(2), new VaultError.SubscriptionIsCanceled(refs.get(2))),
                        failed(charges.get(3), new VaultError.AmountAboveMandate(more, TEN_USDC)),
                        failed(charges.get(4), new VaultError.InsufficientBalance(poor, BigInteger.ONE, TEN_USDC)),
                        failed(charges.get(5), new VaultError.UnknownSubscription(unknown)),
                        new VaultEvent.Charged(
                                refs.get(5), 0, TEN_USDC, charges.get(6).chargeId()));
        assertThat(chain.balance(chain.merchant.getAddress()))
                .isEqualTo(merchantBefore.add(TEN_USDC.multiply(BigInteger.TWO)));
        assertThat(chain.subscription(refs.get(3)).chargeCount()).isZero();
        assertThat(chain.subscription(refs.get(4)).chargeCount()).isZero();
    }

    @Test
    void shouldUseAChargeIdOnceAndChargeAPeriodOnceWithinOneBatch() {
        var refs = subscribeCustomers(2);
        chain.timeIs(ANCHOR);
        String chargeId = newChargeId();
        var charges = List.of(
                new ChargeCall(refs.get(0), TEN_USDC, chargeId),
                new ChargeCall(refs.get(1), TEN_USDC, chargeId),
                new ChargeCall(refs.get(0), TEN_USDC, newChargeId()));

        var receipt = chargeBatch(charges);

        assertThat(chain.events(receipt))
                .containsExactly(
                        new VaultEvent.Charged(refs.get(0), 0, TEN_USDC, chargeId),
                        failed(charges.get(1), new VaultError.ChargeIdUsed(chargeId)),
                        failed(charges.get(2), new VaultError.PeriodNotStarted(refs.get(0), 1, SECOND_PERIOD)));
        assertThat(chain.subscription(refs.get(0)).totalCharged()).isEqualTo(TEN_USDC);
        assertThat(chain.subscription(refs.get(1)).chargeCount()).isZero();
    }

    @Test
    void shouldAcceptABatchOnlyFromTheRelayerAndAnItemOnlyFromTheVaultItself() {
        var ref = subscribeCustomers(1).getFirst();
        chain.timeIs(ANCHOR);
        var charges = List.of(new ChargeCall(ref, TEN_USDC, newChargeId()));
        for (Credentials caller : new Credentials[] {chain.customer, chain.merchant, chain.stranger}) {
            assertRefused(
                    () -> chain.tx.send(caller, chain.vault(), SubscriptionVaultAbi.chargeBatch(charges)),
                    new VaultError.NotRelayer());
        }
        assertRefused(
                () -> chain.tx.send(chain.relayer, chain.vault(), chargeItem(charges.getFirst())),
                new VaultError.NotRelayer());
        assertThat(chain.subscription(ref).chargeCount()).isZero();
    }

    // Too little gas must never pass for a refused charge: a gas estimate would otherwise settle for it.
    @Test
    void shouldRevertTheWholeBatchWhenAnItemRunsOutOfGas() {
        var refs = subscribeCustomers(3);
        chain.timeIs(ANCHOR);
        var data = SubscriptionVaultAbi.chargeBatch(refs.stream()
                .map(ref -> new ChargeCall(ref, TEN_USDC, newChargeId()))
                .toList());

        assertThat(SubscriptionVaultAbi.decodeError(callWithGas(data, BigInteger.valueOf(150_000))))
                .isInstanceOf(VaultError.BatchOutOfGas.class);
        assertThat(callWithGas(data, BigInteger.valueOf(3_000_000))).isEqualTo(word(3));
    }

    @Test
    void shouldChargeARenewalInABatchForMuchLessGasThanALoneCharge() {
        var refs = subscribeCustomers(CUSTOMERS);
        chain.timeIs(ANCHOR);
        chargeBatch(refs.stream()
                .map(ref -> new ChargeCall(ref, TEN_USDC, newChargeId()))
                .toList());
        chain.timeIs(SECOND_PERIOD);

        long alone = chain.charge(refs.getFirst(), TEN_USDC, newChargeId())
                .getGasUsed()
                .longValueExact();
        var rest = refs.subList(1, refs.size());
        long batch = chargeBatch(rest.stream()
                        .map(ref -> new ChargeCall(ref, TEN_USDC, newChargeId()))
                        .toList())
                .getGasUsed()
                .longValueExact();
        long perCharge = batch / rest.size();

        LOG.info(
                "event=gas_measured \"charge (a later period)\"={} \"chargeBatch of {} later periods\"={} "
                        + "\"per charge in the batch\"={} ratio={}",
                alone,
                rest.size(),
                batch,
                perCharge,
                String.format("%.2f", (double) perCharge / alone));
        // The batch saves each charge the transaction's own cost and the first touches of the vault, the token
        // and the merchant's balance; what stays is the charge's own storage and its token transfer.
        assertThat(perCharge).isLessThan(alone * 3 / 4);
    }

    private static List<String> subscribeCustomers(int count) {
        var refs = new ArrayList<String>();
        for (var customer : customers.subList(0, count)) {
            String ref = newRef();
            chain.tx.send(
                    customer,
                    chain.vault(),
                    SubscriptionVaultAbi.subscribe(
                            ref, chain.merchant.getAddress(), chain.token(), TEN_USDC, 1, ANCHOR));
            refs.add(ref);
        }
        return refs;
    }

    private static TransactionReceipt chargeBatch(List<ChargeCall> charges) {
        return chain.tx.send(chain.relayer, chain.vault(), SubscriptionVaultAbi.chargeBatch(charges));
    }

    /** chargeBatch's call for one item, which the vault alone may make. */
    private static String chargeItem(ChargeCall charge) {
        return FunctionEncoder.encode(new Function(
                "chargeItem",
                List.<Type>of(
                        new Bytes32(Numeric.hexStringToByteArray(charge.ref())),
                        new Uint256(charge.amount()),
                        new Bytes32(Numeric.hexStringToByteArray(charge.chargeId()))),
                List.of()));
    }

    private static VaultEvent failed(ChargeCall charge, VaultError reason) {
        return new VaultEvent.ChargeFailed(charge.ref(), charge.chargeId(), reason);
    }

    /** {@code eth_call} from the relayer with a gas limit: the return data, or the revert data when it reverts. */
    private static String callWithGas(String data, BigInteger gas) {
        try {
            var call = Transaction.createFunctionCallTransaction(
                    chain.relayer.getAddress(), null, null, gas, chain.vault(), data);
            var answer = chain.node
                    .web3j()
                    .ethCall(call, DefaultBlockParameterName.LATEST)
                    .send();
            if (answer.hasError()) {
                return String.valueOf(answer.getError().getData()).replace("\"", "");
            }
            return answer.getValue();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String word(long value) {
        return "0x%064x".formatted(value);
    }
}
