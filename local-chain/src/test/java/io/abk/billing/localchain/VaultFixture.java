package io.abk.billing.localchain;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.contracts.ChargeId;
import io.abk.billing.contracts.Eip712Domain;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.OnChainSubscription;
import io.abk.billing.contracts.PermitTokenAbi;
import io.abk.billing.contracts.RefundId;
import io.abk.billing.contracts.Signatures;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.TokenRevert;
import io.abk.billing.contracts.TypedData;
import io.abk.billing.contracts.VaultError;
import io.abk.billing.contracts.VaultEvent;
import io.abk.billing.contracts.VaultSignatures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Hash;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.methods.response.TransactionReceipt;
import org.web3j.utils.Numeric;

/**
 * One anvil with the token and vault deployed, the parties of a subscription, and the calls the vault tests make.
 * Chain time starts at {@link #GENESIS}, so calendar anchors in 2027 and later lie ahead of it.
 */
final class VaultFixture implements AutoCloseable {

    static final Instant GENESIS = Instant.parse("2026-06-01T00:00:00Z");
    /** 1,000 USDC in micro-USDC, the customers' starting balance. */
    static final BigInteger FUNDS = BigInteger.valueOf(1_000_000_000L);

    static final BigInteger TEN_USDC = BigInteger.valueOf(10_000_000L);

    final AnvilNode node;
    final LocalChainTransactions tx;
    final LocalChainDeployment deployment;
    final Credentials deployer = AnvilAccounts.get(0);
    final Credentials relayer = AnvilAccounts.get(1);
    final Credentials customer = AnvilAccounts.get(2);
    final Credentials merchant = AnvilAccounts.get(3);
    final Credentials stranger = AnvilAccounts.get(4);

    VaultFixture() {
        node = AnvilNode.start(AnvilOptions.defaults().withGenesisTimestamp(GENESIS));
        var deployer = new LocalChainDeployer(node);
        tx = deployer.transactions();
        deployment = deployer.deploy(this.deployer, relayer.getAddress());
        deployer.mint(this.deployer, token(), List.of(customer.getAddress(), merchant.getAddress()), FUNDS);
        deployer.approveVault(deployment, List.of(customer, merchant), Erc20Abi.UNLIMITED);
    }

    String token() {
        return deployment.tokenAddress();
    }

    String vault() {
        return deployment.vaultAddress();
    }

    static String newRef() {
        return SubscriptionRef.of("sub_" + UUID.randomUUID());
    }

    static String newChargeId() {
        return ChargeId.of("inv_" + UUID.randomUUID());
    }

    static String newRefundId() {
        return RefundId.of("re_" + UUID.randomUUID());
    }

    TransactionReceipt subscribe(String ref, BigInteger amount, int periodMonths, Instant firstChargeAt) {
        return tx.send(
                customer,
                vault(),
                SubscriptionVaultAbi.subscribe(
                        ref, merchant.getAddress(), token(), amount, periodMonths, firstChargeAt));
    }

    TransactionReceipt charge(String ref, BigInteger amount, String chargeId) {
        return tx.send(relayer, vault(), SubscriptionVaultAbi.charge(ref, amount, chargeId));
    }

    OnChainSubscription subscription(String ref) {
        return SubscriptionVaultAbi.decodeSubscription(tx.call(vault(), SubscriptionVaultAbi.getSubscription(ref)));
    }

    BigInteger balance(String address) {
        return Erc20Abi.decodeUint256(tx.call(token(), Erc20Abi.balanceOf(address)));
    }

    Instant addMonths(Instant at, long months) {
        return SubscriptionVaultAbi.decodeTimestamp(tx.call(vault(), SubscriptionVaultAbi.addMonths(at, months)));
    }

    /** Mines an empty block at {@code at}, so the next transaction's block is one second or more later. */
    void timeIs(Instant at) {
        node.mineAt(at);
    }

    /** Sets the next block's timestamp: the next transaction runs exactly at {@code at}. */
    void nextTransactionAt(Instant at) {
        node.setNextBlockTimestamp(at);
    }

    /** The vault events of a receipt, decoded by the Java decoders. */
    List<VaultEvent> events(TransactionReceipt receipt) {
        return receipt.getLogs().stream()
                .filter(log -> log.getAddress().equalsIgnoreCase(vault()))
                .map(log -> SubscriptionVaultAbi.decodeEvent(log.getTopics(), log.getData()))
                .flatMap(Optional::stream)
                .toList();
    }

    /**
     * A wallet of its own (key derived from {@code name}) holding {@link #FUNDS} of the token and no ETH at all: it can
     * sign, and can send nothing.
     */
    Credentials walletWithoutEth(String name) {
        var wallet = Credentials.create(
                Numeric.toHexString(Hash.sha3(("local-chain wallet " + name).getBytes(StandardCharsets.UTF_8))));
        tx.send(deployer, token(), Erc20Abi.mint(wallet.getAddress(), FUNDS));
        node.setEthBalance(wallet.getAddress(), BigInteger.ZERO);
        return wallet;
    }

    BigInteger ethBalance(String address) {
        try {
            return node.web3j()
                    .ethGetBalance(address, DefaultBlockParameterName.LATEST)
                    .send()
                    .getBalance();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The token's EIP-712 domain as a wallet builds it: name and version read from the token. */
    Eip712Domain tokenDomain() {
        return new Eip712Domain(
                PermitTokenAbi.decodeString(tx.call(token(), PermitTokenAbi.name())),
                PermitTokenAbi.decodeString(tx.call(token(), PermitTokenAbi.version())),
                node.chainId(),
                token());
    }

    Eip712Domain vaultDomain() {
        return VaultSignatures.domain(node.chainId(), vault());
    }

    static String sign(TypedData typed, Credentials signer) {
        return Signatures.sign(
                typed.digest(),
                Numeric.toHexStringWithPrefixZeroPadded(signer.getEcKeyPair().getPrivateKey(), 64));
    }

    BigInteger allowance(String owner) {
        return Erc20Abi.decodeUint256(tx.call(token(), Erc20Abi.allowance(owner, vault())));
    }

    BigInteger permitNonce(String owner) {
        return Erc20Abi.decodeUint256(tx.call(token(), PermitTokenAbi.nonces(owner)));
    }

    Instant now() {
        return node.latestBlockTimestamp();
    }

    static void assertTokenRefused(Runnable call, TokenRevert.Reason expected) {
        assertThatThrownBy(call::run)
                .isInstanceOfSatisfying(
                        TransactionRevertedException.class,
                        reverted -> org.assertj.core.api.Assertions.assertThat(
                                        reverted.tokenRevert().reason())
                                .isEqualTo(expected));
    }

    static void assertRefused(Runnable call, VaultError expected) {
        assertThatThrownBy(call::run)
                .isInstanceOfSatisfying(
                        TransactionRevertedException.class,
                        reverted -> org.assertj.core.api.Assertions.assertThat(reverted.vaultError())
                                .isEqualTo(expected));
    }

    @Override
    public void close() {
        node.close();
    }
}
