package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.localchain.LocalChainTransactions;
import io.abk.billing.localstack.chain.LocalChainInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.security.InvalidAlgorithmParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.NoSuchProviderException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Keys;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.methods.request.EthFilter;
import org.web3j.protocol.core.methods.response.TransactionReceipt;
import org.web3j.protocol.http.HttpService;
import org.web3j.utils.Numeric;
import tools.jackson.databind.JsonNode;

/**
 * The test's own hands on the stack's anvil chain, as a customer's wallet and a node operator would use it: fresh
 * funded wallets, the checkout's wallet calls sent from them, token balances, and anvil's controls over mining and
 * reorganisations. Every test makes its own wallets, so balances start known and no test sees another's transfers.
 */
final class TestChain implements AutoCloseable {

    /** Anvil's deployer account, which mints test USDC for the fresh wallets (the token's mint is open to anyone). */
    private static final Credentials MINTER = AnvilAccounts.get(0);

    private static final Object MINTING = new Object();
    /** Ether for a fresh wallet's fees: far more than any test spends at anvil's 1 gwei fees. */
    private static final BigInteger WALLET_ETHER = BigInteger.TEN.pow(19);
    /** A plain ERC-20 transfer takes about 35,000 gas; this limit lets one be mined even when it reverts. */
    static final BigInteger TRANSFER_GAS = BigInteger.valueOf(100_000);
    /** The stack's block time is one second: a transaction's receipt comes within a few. */
    private static final Duration RECEIPT_WAIT = Duration.ofSeconds(20);

    private final LocalChainInfo info;
    private final HttpService http;
    private final Web3j web3j;
    private final LocalChainTransactions transactions;
    private final ChainNode node;

    TestChain(LocalChainInfo info) {
        this.info = info;
        this.http = new HttpService(info.rpcUrl());
        this.web3j = Web3j.build(http);
        this.transactions = new LocalChainTransactions(web3j, info.chainId());
        this.node = new ChainNode(http);
    }

    LocalChainInfo info() {
        return info;
    }

    /** A wallet with a key of its own. */
    record Wallet(Credentials credentials) {

        /** The private key as a browser test wallet takes it: 0x and 64 hex digits. */
        String privateKeyHex() {
            return Numeric.toHexStringWithPrefixZeroPadded(
                    credentials.getEcKeyPair().getPrivateKey(), 64);
        }

        /** The checksummed address, as a wallet shows it. */
        String address() {
            return Keys.toChecksumAddress(credentials.getAddress());
        }
    }

    /** A new wallet with ether for fees and {@code usdc} test USDC (a decimal amount; zero for none). */
    Wallet newWallet(String usdc) {
        Credentials credentials;
        try {
            credentials = Credentials.create(Keys.createEcKeyPair());
        } catch (InvalidAlgorithmParameterException | NoSuchAlgorithmException | NoSuchProviderException e) {
            throw new IllegalStateException("cannot make a key", e);
        }
        var wallet = new Wallet(credentials);
        node.call("anvil_setBalance", List.of(wallet.address(), Numeric.encodeQuantity(WALLET_ETHER)));
        var amount = units(usdc);
        if (amount.signum() > 0) {
            mint(wallet.address(), amount);
        }
        return wallet;
    }

    /**
     * New wallets with keys of their own, {@code usdc[i]} test USDC each (minted by the minter, waited for) and no ether:
     * what a customer who signs and never pays gas holds.
     */
    List<Wallet> walletsWithoutEther(List<String> usdc) {
        var wallets = new ArrayList<Wallet>();
        for (var amount : usdc) {
            Credentials credentials;
            try {
                credentials = Credentials.create(Keys.createEcKeyPair());
            } catch (InvalidAlgorithmParameterException | NoSuchAlgorithmException | NoSuchProviderException e) {
                throw new IllegalStateException("cannot make a key", e);
            }
            var wallet = new Wallet(credentials);
            mint(wallet.address(), units(amount));
            wallets.add(wallet);
        }
        return wallets;
    }

    /** The ether balance of {@code address}, in wei. */
    BigInteger etherBalance(String address) {
        try {
            return web3j.ethGetBalance(address, DefaultBlockParameterName.LATEST)
                    .send()
                    .getBalance();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Fresh addresses that anvil signs for ({@code anvil_impersonateAccount}), as it does for its own accounts: a
     * browser wallet of the tests sends {@code eth_sendTransaction} from them and holds no key. Each gets ether for fees
     * and mints itself its test USDC ({@code usdc[i]}, decimal; the token's mint is open), all in parallel, then every
     * mint is waited for.
     */
    List<String> impersonatedWallets(List<String> usdc) {
        var addresses = new ArrayList<String>();
        var mints = new ArrayList<String>();
        for (var amount : usdc) {
            var address = freshAddress();
            impersonate(address, units(amount)).ifPresent(mints::add);
            addresses.add(address);
        }
        for (var hash : mints) {
            assertThat(awaitReceipt(hash).isStatusOK()).as("mint %s", hash).isTrue();
        }
        return addresses;
    }

    /**
     * Has anvil sign for {@code address} ({@code anvil_impersonateAccount}), gives it ether for fees and has it mint
     * itself {@code usdcUnits} test USDC (base units; zero for none); returns the mint's hash, not waited for.
     */
    Optional<String> impersonate(String address, BigInteger usdcUnits) {
        node.call("anvil_setBalance", List.of(address, Numeric.encodeQuantity(WALLET_ETHER)));
        node.call("anvil_impersonateAccount", List.of(address));
        if (usdcUnits.signum() <= 0) {
            return Optional.empty();
        }
        var tx = new java.util.LinkedHashMap<String, String>();
        tx.put("from", address);
        tx.put("to", info.tokenAddress());
        tx.put("data", Erc20Abi.mint(address, usdcUnits));
        return Optional.of(String.valueOf(node.call("eth_sendTransaction", List.of(tx))));
    }

    /**
     * Sends the checkout's {@code walletCalls} in order from an {@link #impersonate impersonated} address, as a
     * browser wallet would, each once the one before is mined; returns their hashes, each mined successfully.
     */
    List<String> sendWalletCallsAs(String from, JsonNode walletCalls) {
        assertThat(walletCalls.isArray() && !walletCalls.isEmpty())
                .as("wallet calls %s", walletCalls)
                .isTrue();
        var hashes = new ArrayList<String>();
        for (var call : walletCalls) {
            var tx = new java.util.LinkedHashMap<String, String>();
            tx.put("from", from);
            tx.put("to", call.path("to").asString());
            tx.put("data", call.path("data").asString());
            tx.put("value", call.path("value").asString("0x0"));
            var hash = String.valueOf(node.call("eth_sendTransaction", List.of(tx)));
            assertThat(awaitReceipt(hash).isStatusOK())
                    .as("receipt of %s", call.path("description").asString())
                    .isTrue();
            hashes.add(hash);
        }
        return hashes;
    }

    /** A fresh address nobody holds a key of: a payout that only receives. */
    static String freshAddress() {
        try {
            return Keys.toChecksumAddress(Keys.getAddress(Keys.createEcKeyPair()));
        } catch (InvalidAlgorithmParameterException | NoSuchAlgorithmException | NoSuchProviderException e) {
            throw new IllegalStateException("cannot make a key", e);
        }
    }

    /**
     * Mints from the one minter account every test class running at the same time shares: one mint at a time, since
     * each reads its nonce from the chain (two at once took the same nonce, and the node refused the second as an
     * underpriced replacement).
     */
    void mint(String address, BigInteger baseUnits) {
        synchronized (MINTING) {
            transactions.send(MINTER, info.tokenAddress(), Erc20Abi.mint(address, baseUnits));
        }
    }

    /** Test USDC base units (6 decimals) of a decimal amount such as {@code "12.5"}. */
    static BigInteger units(String usdc) {
        return new BigDecimal(usdc).movePointRight(6).toBigIntegerExact();
    }

    /** Sends {@code data} to {@code to} from the wallet (estimated first, so a revert fails here) and waits for it. */
    TransactionReceipt send(Wallet from, String to, String data) {
        return transactions.send(from.credentials(), to, data);
    }

    /** Sends the checkout's {@code walletCalls} in order, as a wallet would; returns their receipts. */
    List<TransactionReceipt> sendWalletCalls(Wallet from, JsonNode walletCalls) {
        assertThat(walletCalls.isArray() && !walletCalls.isEmpty())
                .as("wallet calls %s", walletCalls)
                .isTrue();
        var receipts = new ArrayList<TransactionReceipt>();
        for (var call : walletCalls) {
            assertThat(call.path("value").asString())
                    .as("ether sent by %s", call)
                    .isEqualTo("0x0");
            var receipt =
                    send(from, call.path("to").asString(), call.path("data").asString());
            assertThat(receipt.isStatusOK())
                    .as("receipt of %s", call.path("description").asString())
                    .isTrue();
            receipts.add(receipt);
        }
        return receipts;
    }

    /**
     * Signs and sends without estimating, with a fixed gas limit, so a transaction that reverts is still mined (with
     * status 0); returns its hash without waiting.
     */
    String sendUnchecked(Wallet from, String to, String data) {
        try {
            var sent = web3j.ethSendRawTransaction(signed(from, to, data)).send();
            assertThat(sent.hasError())
                    .as(
                            "eth_sendRawTransaction: %s",
                            sent.getError() == null ? "" : sent.getError().getMessage())
                    .isFalse();
            return sent.getTransactionHash();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A transaction of the wallet (its next nonce, twice the node's gas price, {@link #TRANSFER_GAS}), signed and not
     * sent: raw {@code 0x} hex, for the pool or for the blocks of a reorganisation.
     */
    String signed(Wallet from, String to, String data) {
        try {
            var nonce = web3j.ethGetTransactionCount(from.credentials().getAddress(), DefaultBlockParameterName.PENDING)
                    .send()
                    .getTransactionCount();
            var gasPrice = web3j.ethGasPrice().send().getGasPrice().multiply(BigInteger.TWO);
            var raw = RawTransaction.createTransaction(nonce, gasPrice, TRANSFER_GAS, to, BigInteger.ZERO, data);
            return Numeric.toHexString(TransactionEncoder.signMessage(raw, info.chainId(), from.credentials()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The receipt of a mined transaction, waited for. */
    TransactionReceipt awaitReceipt(String txHash) {
        return await("receipt of " + txHash)
                .atMost(RECEIPT_WAIT)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> receipt(txHash), Optional::isPresent)
                .orElseThrow();
    }

    Optional<TransactionReceipt> receipt(String txHash) {
        try {
            return web3j.ethGetTransactionReceipt(txHash).send().getTransactionReceipt();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The token balance of {@code address}, in base units. */
    BigInteger balance(String address) {
        return Erc20Abi.decodeUint256(transactions.call(info.tokenAddress(), Erc20Abi.balanceOf(address)));
    }

    BigInteger allowance(String owner, String spender) {
        return Erc20Abi.decodeUint256(transactions.call(info.tokenAddress(), Erc20Abi.allowance(owner, spender)));
    }

    long head() {
        try {
            return web3j.ethBlockNumber().send().getBlockNumber().longValueExact();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The timestamp of block {@code number}. */
    Instant blockTime(BigInteger number) {
        try {
            var block = web3j.ethGetBlockByNumber(DefaultBlockParameter.valueOf(number), false)
                    .send()
                    .getBlock();
            return Instant.ofEpochSecond(block.getTimestamp().longValueExact());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The node's own controls: mining, base fee, reorganisations, its pool. */
    ChainNode node() {
        return node;
    }

    /** How many {@code Charged} the vault emitted for {@code chargeId} (keccak256 of an invoice id), on the chain now. */
    int chargesOf(String chargeId) {
        try {
            var filter = new EthFilter(
                            DefaultBlockParameterName.EARLIEST, DefaultBlockParameterName.LATEST, info.vaultAddress())
                    .addSingleTopic(SubscriptionVaultAbi.CHARGED_TOPIC)
                    .addNullTopic()
                    .addSingleTopic(chargeId);
            return web3j.ethGetLogs(filter).send().getLogs().size();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        web3j.shutdown();
    }
}
