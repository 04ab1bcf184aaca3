package io.abk.billing.localchain;

import static io.abk.billing.localchain.VaultFixture.FUNDS;
import static io.abk.billing.localchain.VaultFixture.GENESIS;
import static io.abk.billing.localchain.VaultFixture.TEN_USDC;
import static io.abk.billing.localchain.VaultFixture.assertRefused;
import static io.abk.billing.localchain.VaultFixture.newChargeId;
import static io.abk.billing.localchain.VaultFixture.newRef;
import static io.abk.billing.localchain.VaultFixture.sign;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.Eip2612;
import io.abk.billing.contracts.Eip712Domain;
import io.abk.billing.contracts.PermitData;
import io.abk.billing.contracts.PermitTokenAbi;
import io.abk.billing.contracts.SubscribeAuthorization;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.VaultError;
import io.abk.billing.contracts.VaultError.InvalidSubscriptionReason;
import io.abk.billing.contracts.VaultEvent;
import io.abk.billing.contracts.VaultSignatures;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.FunctionReturnDecoder;
import org.web3j.abi.TypeReference;
import org.web3j.abi.Utils;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.Utf8String;
import org.web3j.abi.datatypes.generated.Bytes1;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.crypto.Credentials;
import org.web3j.protocol.core.methods.response.TransactionReceipt;

/**
 * The vault's signature path against a real anvil: a customer with USDC and no ETH signs a permit and the terms, the
 * relayer submits them, and the vault holds the signature to its chain, vault, deadline, nonce and periods.
 */
class VaultSignatureIT {

    private static final BigInteger TWELVE_PERIODS = TEN_USDC.multiply(BigInteger.valueOf(12));
    private static final SecureRandom RANDOM = new SecureRandom();

    private static VaultFixture chain;
    private static Credentials customer;
    private String snapshot;

    @BeforeAll
    static void startChain() {
        chain = new VaultFixture();
        customer = chain.walletWithoutEth("customer without eth");
    }

    @AfterAll
    static void stopChain() {
        chain.close();
    }

    @BeforeEach
    void snapshot() {
        snapshot = chain.node.snapshot();
    }

    @AfterEach
    void rewind() {
        chain.node.revert(snapshot);
    }

    @Test
    void shouldCreateTheMandateAndChargeTheFirstInvoiceInOneRelayedTransactionForACustomerWithoutEth() {
        var terms = terms(12, deadline());
        String chargeId = newChargeId();

        TransactionReceipt receipt =
                subscribeBySignature(terms, signTerms(terms, customer), permit(TWELVE_PERIODS), chargeId);

        assertThat(chain.events(receipt))
                .containsExactly(
                        new VaultEvent.Subscribed(
                                terms.ref(), terms.customer(), terms.merchant(), chain.token(), TEN_USDC, 1, GENESIS),
                        new VaultEvent.Charged(terms.ref(), 0, TEN_USDC, chargeId));
        assertThat(chain.ethBalance(customer.getAddress())).isZero();
        assertThat(chain.balance(customer.getAddress())).isEqualTo(FUNDS.subtract(TEN_USDC));
        assertThat(chain.allowance(customer.getAddress())).isEqualTo(TWELVE_PERIODS.subtract(TEN_USDC));
        assertThat(chain.permitNonce(customer.getAddress())).isOne();
        assertThat(chain.subscription(terms.ref()).maxCharges()).isEqualTo(12);
        assertThat(chain.subscription(terms.ref()).chargeCount()).isOne();
        assertThat(nonceUsed(terms)).isTrue();
    }

    // Protects the subscription against anyone who copies the permit from the mempool and submits it first.
    @Test
    void shouldSubscribeWhenSomeoneElseSubmittedThePermitFirst() {
        var terms = terms(12, deadline());
        PermitData permit = permit(TWELVE_PERIODS);
        chain.tx.send(
                chain.stranger,
                chain.token(),
                PermitTokenAbi.permit(
                        customer.getAddress(), chain.vault(), permit.value(), permit.deadline(), permit.signature()));

        TransactionReceipt receipt = subscribeBySignature(terms, signTerms(terms, customer), permit, newChargeId());

        assertThat(chain.events(receipt)).hasSize(2);
        assertThat(chain.balance(customer.getAddress())).isEqualTo(FUNDS.subtract(TEN_USDC));
    }

    @Test
    void shouldRefuseAFailedPermitWhenTheAllowanceDoesNotCoverTheFirstCharge() {
        var terms = terms(12, deadline());
        var signedByAnother = new PermitData(
                TWELVE_PERIODS, PermitTokenAbi.NO_DEADLINE, sign(permitTypedData(TWELVE_PERIODS), chain.stranger));

        assertRefused(
                () -> subscribeBySignature(terms, signTerms(terms, customer), signedByAnother, newChargeId()),
                new VaultError.PermitFailed());
    }

    @Test
    void shouldSubscribeWithoutAChargeWhenNoFirstChargeIsGiven() {
        var terms = terms(12, deadline());

        TransactionReceipt receipt =
                subscribeBySignature(terms, signTerms(terms, customer), permit(TWELVE_PERIODS), null);

        assertThat(chain.events(receipt)).singleElement().isInstanceOf(VaultEvent.Subscribed.class);
        assertThat(chain.allowance(customer.getAddress())).isEqualTo(TWELVE_PERIODS);
    }

    @Test
    void shouldRefuseReplayedTermsByTheirNonce() {
        var terms = terms(12, deadline());
        String signature = signTerms(terms, customer);
        subscribeBySignature(terms, signature, permit(TWELVE_PERIODS), newChargeId());

        assertRefused(
                () -> subscribeBySignature(terms, signature, null, newChargeId()),
                new VaultError.SignatureNonceUsed(terms.customer(), terms.nonce()));
    }

    @Test
    void shouldRefuseTermsAfterTheirDeadline() {
        Instant deadline = chain.now().plusSeconds(60);
        var terms = terms(12, deadline);
        chain.timeIs(deadline.plusSeconds(1));

        assertRefused(
                () -> subscribeBySignature(terms, signTerms(terms, customer), permit(TWELVE_PERIODS), newChargeId()),
                new VaultError.SignatureExpired(BigInteger.valueOf(deadline.getEpochSecond())));
    }

    // Protects customers against a signature replayed on another chain or at another vault.
    @Test
    void shouldRefuseTermsSignedForAnotherChainAnotherVaultOrByAnotherKey() {
        var terms = terms(12, deadline());
        var otherChain = VaultSignatures.domain(8453, chain.vault());
        var otherVault = VaultSignatures.domain(chain.node.chainId(), chain.token());

        for (String signature : new String[] {
            sign(VaultSignatures.subscribe(otherChain, terms), customer),
            sign(VaultSignatures.subscribe(otherVault, terms), customer),
            signTerms(terms, chain.stranger)
        }) {
            assertRefused(
                    () -> subscribeBySignature(terms, signature, permit(TWELVE_PERIODS), newChargeId()),
                    new VaultError.InvalidSignature());
        }
        assertThat(nonceUsed(terms)).isFalse();
    }

    // Protects against a mandate nobody signed: an unrecoverable signature yields the zero address.
    @Test
    void shouldRefuseTermsNamingTheZeroAddressWithAnUnrecoverableSignature() {
        var t = terms(12, deadline());
        var nobody = new SubscribeAuthorization(
                t.ref(),
                "0x" + "0".repeat(40),
                t.merchant(),
                t.token(),
                t.amount(),
                t.periodMonths(),
                t.firstChargeAt(),
                t.periods(),
                t.deadline(),
                t.nonce());
        // r = 2^256 - 1 (above the curve order), s = 1, v = 27: ecrecover answers the zero address.
        String unrecoverable = "0x" + "ff".repeat(32) + "00".repeat(31) + "01" + "1b";

        assertRefused(() -> subscribeBySignature(nobody, unrecoverable, null, null), new VaultError.InvalidSignature());
    }

    @Test
    void shouldAcceptSignedTermsOnlyFromTheRelayerAndOnlyForSomePeriods() {
        var terms = terms(12, deadline());
        String call = SubscriptionVaultAbi.subscribeBySignature(
                terms, signTerms(terms, customer), permit(TWELVE_PERIODS), newChargeId(), TEN_USDC);
        assertRefused(() -> chain.tx.send(chain.stranger, chain.vault(), call), new VaultError.NotRelayer());

        var noPeriods = terms(0, deadline());
        assertRefused(
                () -> subscribeBySignature(noPeriods, signTerms(noPeriods, customer), permit(TWELVE_PERIODS), null),
                new VaultError.InvalidSubscription(InvalidSubscriptionReason.ZERO_PERIODS));
    }

    // Protects the customer against charges beyond what they signed, whatever the relayer asks.
    @Test
    void shouldRefuseAChargeBeyondTheSignedPeriods() {
        var terms = terms(2, deadline());
        subscribeBySignature(terms, signTerms(terms, customer), permit(TWELVE_PERIODS), newChargeId());
        chain.timeIs(chain.addMonths(GENESIS, 1));
        chain.charge(terms.ref(), TEN_USDC, newChargeId());
        chain.timeIs(chain.addMonths(GENESIS, 2));

        assertRefused(
                () -> chain.charge(terms.ref(), TEN_USDC, newChargeId()),
                new VaultError.MandateExhausted(terms.ref(), 2));
        assertThat(chain.subscription(terms.ref()).exhausted()).isTrue();
    }

    @Test
    void shouldCancelByTheCustomersSignatureSubmittedByTheRelayer() {
        var terms = terms(12, deadline());
        subscribeBySignature(terms, signTerms(terms, customer), permit(TWELVE_PERIODS), newChargeId());
        BigInteger deadline = BigInteger.valueOf(deadline().getEpochSecond());
        String byCustomer = sign(VaultSignatures.cancel(chain.vaultDomain(), terms.ref(), deadline), customer);
        String byStranger = sign(VaultSignatures.cancel(chain.vaultDomain(), terms.ref(), deadline), chain.stranger);

        assertRefused(() -> cancelBySignature(terms.ref(), deadline, byStranger), new VaultError.InvalidSignature());
        TransactionReceipt receipt = cancelBySignature(terms.ref(), deadline, byCustomer);

        assertThat(chain.events(receipt)).containsExactly(new VaultEvent.Canceled(terms.ref(), terms.customer()));
        assertThat(chain.subscription(terms.ref()).canceled()).isTrue();
        assertRefused(
                () -> cancelBySignature(terms.ref(), deadline, byCustomer),
                new VaultError.SubscriptionIsCanceled(terms.ref()));
    }

    @Test
    void shouldRefuseASignedCancelAfterItsDeadline() {
        var terms = terms(12, deadline());
        subscribeBySignature(terms, signTerms(terms, customer), permit(TWELVE_PERIODS), null);
        BigInteger deadline = BigInteger.valueOf(chain.now().getEpochSecond() + 60);
        String signature = sign(VaultSignatures.cancel(chain.vaultDomain(), terms.ref(), deadline), customer);
        chain.timeIs(chain.now().plusSeconds(120));

        assertRefused(
                () -> cancelBySignature(terms.ref(), deadline, signature), new VaultError.SignatureExpired(deadline));
    }

    @Test
    void shouldPublishTheDomainWalletsSign() {
        Eip712Domain expected = chain.vaultDomain();

        assertThat(SubscriptionVaultAbi.decodeBytes32(
                        chain.tx.call(chain.vault(), SubscriptionVaultAbi.DOMAIN_SEPARATOR())))
                .isEqualTo(expected.separator());
        // EIP-5267: fields 0x0f (name, version, chainId, verifyingContract), no salt, no extensions.
        List<Type> fields = FunctionReturnDecoder.decode(
                chain.tx.call(
                        chain.vault(), FunctionEncoder.encode(new Function("eip712Domain", List.of(), List.of()))),
                Utils.convert(List.of(
                        new TypeReference<Bytes1>() {},
                        new TypeReference<Utf8String>() {},
                        new TypeReference<Utf8String>() {},
                        new TypeReference<Uint256>() {},
                        new TypeReference<Address>() {},
                        new TypeReference<Bytes32>() {},
                        new TypeReference<DynamicArray<Uint256>>() {})));
        assertThat(fields.stream().map(Type::getValue).toList().subList(1, 5))
                .containsExactly(
                        expected.name(),
                        expected.version(),
                        BigInteger.valueOf(expected.chainId()),
                        expected.verifyingContract());
        assertThat(((Bytes1) fields.get(0)).getValue()).containsExactly(0x0f);
        assertThat(((DynamicArray<?>) fields.get(6)).getValue()).isEmpty();
    }

    private SubscribeAuthorization terms(long periods, Instant deadline) {
        byte[] nonce = new byte[32];
        RANDOM.nextBytes(nonce);
        return new SubscribeAuthorization(
                newRef(),
                customer.getAddress(),
                chain.merchant.getAddress(),
                chain.token(),
                TEN_USDC,
                1,
                GENESIS,
                periods,
                deadline,
                "0x" + HexFormat.of().formatHex(nonce));
    }

    private static Instant deadline() {
        return chain.now().plus(Duration.ofHours(1));
    }

    private static String signTerms(SubscribeAuthorization terms, Credentials signer) {
        return sign(VaultSignatures.subscribe(chain.vaultDomain(), terms), signer);
    }

    private static io.abk.billing.contracts.TypedData permitTypedData(BigInteger value) {
        return Eip2612.permit(
                chain.tokenDomain(),
                customer.getAddress(),
                chain.vault(),
                value,
                chain.permitNonce(customer.getAddress()),
                PermitTokenAbi.NO_DEADLINE);
    }

    private static PermitData permit(BigInteger value) {
        return new PermitData(value, PermitTokenAbi.NO_DEADLINE, sign(permitTypedData(value), customer));
    }

    private static TransactionReceipt subscribeBySignature(
            SubscribeAuthorization terms, String signature, @Nullable PermitData permit, @Nullable String chargeId) {
        return chain.tx.send(
                chain.relayer,
                chain.vault(),
                SubscriptionVaultAbi.subscribeBySignature(terms, signature, permit, chargeId, TEN_USDC));
    }

    private static TransactionReceipt cancelBySignature(String ref, BigInteger deadline, String signature) {
        return chain.tx.send(
                chain.relayer, chain.vault(), SubscriptionVaultAbi.cancelBySignature(ref, deadline, signature));
    }

    private static boolean nonceUsed(SubscribeAuthorization terms) {
        return SubscriptionVaultAbi.decodeBool(chain.tx.call(
                chain.vault(),
                SubscriptionVaultAbi.nonceUsed(terms.customer(), terms.nonce().toLowerCase(Locale.ROOT))));
    }
}
