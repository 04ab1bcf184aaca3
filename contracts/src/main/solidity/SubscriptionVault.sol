// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {CustomerSignatures} from "./CustomerSignatures.sol";
import {daysFromCivil, civilFromDays, daysInMonth} from "./VaultCalendar.sol";

/// The token calls the vault makes besides transferFrom: EIP-2612's permit in FiatToken v2.2's bytes form.
interface IPermitToken {
    function permit(address owner, address spender, uint256 value, uint256 deadline, bytes memory signature)
        external;

    function allowance(address owner, address spender) external view returns (uint256);
}

/// @title Subscription vault
/// @notice Recurring USDC mandates: a customer subscribes once; the billing service's relayer then charges at most
///         one payment per calendar period, never above the signed amount, pulling the token from the customer
///         straight to the merchant. The vault's rules, not the relayer's good behaviour, bound what a customer
///         pays. Funds never stay here: every transfer goes from one party to the other.
///         A customer without ETH subscribes by signatures alone: the EIP-712 terms and the token's EIP-2612 permit,
///         which the relayer submits (subscribeBySignature) and pays the gas for; such a mandate covers the signed
///         number of periods, and cancelBySignature lets anyone submit the customer's signed cancel.
/// @dev Billing periods are calendar months counted from the anchor (firstChargeAt) in UTC, the same calendar as
///      Java's ZonedDateTime.plusMonths in UTC, which the billing service uses.
contract SubscriptionVault is CustomerSignatures {
    /// Why subscribe refused its arguments (ABI: uint8, in this order).
    enum InvalidReason {
        ZeroMerchant,
        ZeroToken,
        ZeroAmount,
        AmountTooLarge,
        InvalidPeriod,
        ZeroPeriods
    }

    /// The terms a customer signs (EIP-712 type SubscribeAuthorization) for subscribeBySignature.
    struct SubscribeAuthorization {
        bytes32 ref;
        address customer;
        address merchant;
        address token;
        uint256 amount;
        uint16 periodMonths;
        uint64 firstChargeAt;
        uint32 periods;
        uint256 deadline;
        bytes32 nonce;
    }

    /// An EIP-2612 permit of the customer for this vault on the terms' token; an empty signature means none.
    struct PermitData {
        uint256 value;
        uint256 deadline;
        bytes signature;
    }

    /// A subscription as getSubscription answers it.
    /// @param maxCharges the number of charges the customer signed for, 0 for no limit (subscribe)
    struct Subscription {
        address customer;
        address merchant;
        address token;
        uint256 amount;
        uint16 periodMonths;
        uint64 firstChargeAt;
        uint32 chargeCount;
        bool canceled;
        uint256 totalCharged;
        uint256 totalRefunded;
        uint32 maxCharges;
    }

    /// The stored form of a subscription: Subscription's fields packed into five slots, so that creating one writes
    /// three (customer, period and anchor; merchant, limit and state; token and amount) and a charge reads four and
    /// writes one (its totals and count). An amount below 2^96 and at most 2^32 charges keep the totals below 2^128.
    struct Mandate {
        address customer;
        uint16 periodMonths;
        uint64 firstChargeAt;
        address merchant;
        uint32 maxCharges;
        bool canceled;
        address token;
        uint96 amount;
        uint128 totalCharged;
        uint32 chargeCount;
        uint128 totalRefunded;
    }

    /// One charge of chargeBatch: the arguments charge takes.
    struct ChargeItem {
        bytes32 ref;
        uint256 amount;
        bytes32 chargeId;
    }

    /// What the vault keeps of a used charge id, in one slot: the period it paid and its block, whose Charged log
    /// names the subscription and the transaction.
    struct ChargeRecord {
        uint32 periodIndex;
        uint64 blockNumber;
        bool exists;
    }

    /// Longest period: ten years. Longer mandates are more likely mistakes than plans.
    uint16 public constant MAX_PERIOD_MONTHS = 120;

    bytes32 public constant SUBSCRIBE_AUTHORIZATION_TYPEHASH = keccak256(
        "SubscribeAuthorization(bytes32 ref,address customer,address merchant,address token,uint256 amount,uint16 periodMonths,uint64 firstChargeAt,uint32 periods,uint256 deadline,bytes32 nonce)"
    );
    bytes32 public constant CANCEL_SUBSCRIPTION_TYPEHASH =
        keccak256("CancelSubscription(bytes32 ref,uint256 deadline)");

    address public immutable relayer;


    mapping(bytes32 ref => Mandate) private subscriptions;
    mapping(address customer => mapping(bytes32 nonce => bool)) private usedNonces;
    mapping(bytes32 chargeId => ChargeRecord) private charges;
    mapping(bytes32 refundId => bool) private refundIds;

    event Subscribed(
        bytes32 indexed ref,
        address indexed customer,
        address indexed merchant,
        address token,
        uint256 amount,
        uint16 periodMonths,
        uint64 firstChargeAt
    );
    event Charged(bytes32 indexed ref, uint32 periodIndex, uint256 amount, bytes32 indexed chargeId);
    /// A charge of chargeBatch that the vault refused: `reason` is the revert data a lone charge would have given
    ///  (one of the errors below, or the token's own error).
    event ChargeFailed(bytes32 indexed ref, bytes32 indexed chargeId, bytes reason);
    event Canceled(bytes32 indexed ref, address indexed by);
    event Refunded(bytes32 indexed ref, uint256 amount, bytes32 indexed refundId);

    error NotRelayer();
    error NotCustomerOrRelayer();
    error NotMerchantOrRelayer();
    error RefAlreadyUsed(bytes32 ref);
    error UnknownSubscription(bytes32 ref);
    error SubscriptionIsCanceled(bytes32 ref);
    error PeriodNotStarted(bytes32 ref, uint32 periodIndex, uint64 startsAt);
    error AmountAboveMandate(uint256 amount, uint256 mandateAmount);
    error ZeroAmount();
    error ChargeIdUsed(bytes32 chargeId);
    error RefundIdUsed(bytes32 refundId);
    error RefundAboveCharged(uint256 amount, uint256 refundable);
    error InvalidSubscription(InvalidReason reason);
    error TokenTransferFailed();
    error TimestampOutOfRange(uint256 timestamp);
    error SignatureExpired(uint256 deadline);
    error SignatureNonceUsed(address customer, bytes32 nonce);
    error InvalidSignature();
    error PermitFailed();
    error MandateExhausted(bytes32 ref, uint32 maxCharges);
    error BatchOutOfGas(uint256 index);

    constructor(address relayer_) {
        relayer = relayer_;
    }

    /// @notice True once `nonce` of `customer` was used by a subscribeBySignature.
    function nonceUsed(address customer, bytes32 nonce) external view returns (bool) {
        return usedNonces[customer][nonce];
    }

    /// @notice Creates a mandate from msg.sender (the customer) to `merchant`. The customer approves this vault
    ///         on `token` separately; a charge without enough allowance reverts with the token's own error.
    function subscribe(
        bytes32 ref,
        address merchant,
        address token,
        uint256 amount,
        uint16 periodMonths,
        uint64 firstChargeAt
    ) external {
        _validate(ref, merchant, token, amount, periodMonths);
        _store(ref, msg.sender, merchant, token, amount, periodMonths, firstChargeAt, 0);
    }

    /// @notice The gasless subscribe, sent by the relayer: `terms` signed by the customer (EIP-712, this vault's
    ///         domain), the customer's EIP-2612 permit for this vault, and, when `firstChargeId` is not zero, the
    ///         first charge, all in one transaction. A permit that fails (someone submitted it first) is ignored
    ///         when the allowance already covers what the first charge, or without one a period, needs.
    /// @param firstChargeId keccak256 of the first invoice's id, or zero for no charge in this transaction
    function subscribeBySignature(
        SubscribeAuthorization calldata terms,
        bytes calldata signature,
        PermitData calldata permit,
        bytes32 firstChargeId,
        uint256 firstChargeAmount
    ) external {
        if (msg.sender != relayer) revert NotRelayer();
        if (block.timestamp > terms.deadline) revert SignatureExpired(terms.deadline);
        if (usedNonces[terms.customer][terms.nonce]) revert SignatureNonceUsed(terms.customer, terms.nonce);
        address signer = _recover(_typedDataHash(_hashTerms(terms)), signature);
        // A malformed signature recovers the zero address, which must not pass for terms naming it as customer.
        if (signer == address(0) || signer != terms.customer) revert InvalidSignature();
        _validate(terms.ref, terms.merchant, terms.token, terms.amount, terms.periodMonths);
        if (terms.periods == 0) revert InvalidSubscription(InvalidReason.ZeroPeriods);
        usedNonces[terms.customer][terms.nonce] = true;
        _store(
            terms.ref,
            terms.customer,
            terms.merchant,
            terms.token,
            terms.amount,
            terms.periodMonths,
            terms.firstChargeAt,
            terms.periods
        );
        if (permit.signature.length != 0) {
            _permit(terms, permit, firstChargeId != bytes32(0) ? firstChargeAmount : terms.amount);
        }
        if (firstChargeId != bytes32(0)) {
            _charge(terms.ref, firstChargeAmount, firstChargeId);
        }
    }

    /// @notice Charges period `chargeCount` of the subscription, once that period has started. One charge per
    ///         period: the k-th charge is for period k, so charges never outnumber the periods started, while a
    ///         late charge (a retry days after the period's start) is still accepted. A mandate signed for a number
    ///         of periods (subscribeBySignature) takes no charge beyond them.
    /// @param amount at most the mandate's amount (a downgrade bills less without a new signature)
    /// @param chargeId keccak256 of the invoice id; usable once ever, so a retried invoice is never paid twice
    function charge(bytes32 ref, uint256 amount, bytes32 chargeId) external {
        if (msg.sender != relayer) revert NotRelayer();
        _charge(ref, amount, chargeId);
    }

    /// @notice Many charges in one transaction, each under charge's rules and with its own outcome: a charge the vault
    ///         refuses (or whose token transfer fails) is undone alone and reported by a ChargeFailed event, while the
    ///         others go through. Each charge id is still used at most once, within a batch as across transactions.
    /// @dev Each item runs in a call of the vault to itself (chargeItem), so that its revert undoes that item only. An
    ///      item that ran out of gas reverts the whole batch instead of being reported as refused: the batch's gas
    ///      limit was too low, which says nothing about the charge, and a gas estimate must not settle for it.
    /// @return charged how many of the items were charged
    function chargeBatch(ChargeItem[] calldata items) external returns (uint256 charged) {
        if (msg.sender != relayer) revert NotRelayer();
        for (uint256 i = 0; i < items.length; ++i) {
            ChargeItem calldata item = items[i];
            try this.chargeItem(item.ref, item.amount, item.chargeId) {
                ++charged;
            } catch (bytes memory reason) {
                // Every refusal carries an error; only running out of gas reverts with nothing.
                if (reason.length == 0) revert BatchOutOfGas(i);
                emit ChargeFailed(item.ref, item.chargeId, reason);
            }
        }
    }

    /// @notice One item of chargeBatch; only the vault itself may call it.
    function chargeItem(bytes32 ref, uint256 amount, bytes32 chargeId) external {
        if (msg.sender != address(this)) revert NotRelayer();
        _charge(ref, amount, chargeId);
    }

    /// @notice Ends the mandate for good; by the customer or the relayer.
    function cancel(bytes32 ref) external {
        Mandate storage s = _existing(ref);
        if (msg.sender != s.customer && msg.sender != relayer) revert NotCustomerOrRelayer();
        if (s.canceled) revert SubscriptionIsCanceled(ref);
        s.canceled = true;
        emit Canceled(ref, msg.sender);
    }

    /// @notice Ends the mandate for good with the customer's signed CancelSubscription(ref, deadline); anyone may
    ///         submit it, so the relayer can pay the gas. A replay finds the subscription canceled.
    function cancelBySignature(bytes32 ref, uint256 deadline, bytes calldata signature) external {
        if (block.timestamp > deadline) revert SignatureExpired(deadline);
        Mandate storage s = _existing(ref);
        bytes32 digest = _typedDataHash(keccak256(abi.encode(CANCEL_SUBSCRIPTION_TYPEHASH, ref, deadline)));
        if (_recover(digest, signature) != s.customer) revert InvalidSignature();
        if (s.canceled) revert SubscriptionIsCanceled(ref);
        s.canceled = true;
        emit Canceled(ref, s.customer);
    }

    /// @notice Pays `amount` back from the merchant to the customer (the merchant approves this vault first).
    ///         Total refunds never exceed total charges; works after cancel too.
    /// @param refundId keccak256 of the refund request id; usable once ever
    function refund(bytes32 ref, uint256 amount, bytes32 refundId) external {
        Mandate storage s = _existing(ref);
        if (msg.sender != s.merchant && msg.sender != relayer) revert NotMerchantOrRelayer();
        if (refundIds[refundId]) revert RefundIdUsed(refundId);
        if (amount == 0) revert ZeroAmount();
        uint256 refundable = s.totalCharged - s.totalRefunded;
        if (amount > refundable) revert RefundAboveCharged(amount, refundable);

        refundIds[refundId] = true;
        s.totalRefunded += uint128(amount);
        emit Refunded(ref, amount, refundId);
        _pull(s.token, s.merchant, s.customer, amount);
    }

    function getSubscription(bytes32 ref) external view returns (Subscription memory) {
        Mandate storage s = _existing(ref);
        return Subscription({
            customer: s.customer,
            merchant: s.merchant,
            token: s.token,
            amount: s.amount,
            periodMonths: s.periodMonths,
            firstChargeAt: s.firstChargeAt,
            chargeCount: s.chargeCount,
            canceled: s.canceled,
            totalCharged: s.totalCharged,
            totalRefunded: s.totalRefunded,
            maxCharges: s.maxCharges
        });
    }

    function chargeOf(bytes32 chargeId) external view returns (ChargeRecord memory) {
        return charges[chargeId];
    }

    /// @notice Start of period `periodIndex`: the anchor plus periodIndex * periodMonths calendar months.
    function periodStart(bytes32 ref, uint32 periodIndex) public view returns (uint64) {
        Mandate storage s = _existing(ref);
        return addMonths(s.firstChargeAt, uint256(periodIndex) * s.periodMonths);
    }

    /// @notice When the next charge becomes possible, or 0 once the subscription is canceled.
    function nextChargeAt(bytes32 ref) external view returns (uint64) {
        Mandate storage s = _existing(ref);
        if (s.canceled) return 0;
        return addMonths(s.firstChargeAt, uint256(s.chargeCount) * s.periodMonths);
    }

    /// @notice `timestamp` plus `months` calendar months in UTC, keeping the time of day and clamping the day to
    ///         the target month's length (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year), like Java's
    ///         ZonedDateTime.plusMonths in UTC.
    function addMonths(uint64 timestamp, uint256 months) public pure returns (uint64) {
        uint256 dayNumber = timestamp / 1 days;
        uint256 timeOfDay = timestamp % 1 days;
        (uint256 year, uint256 month, uint256 day) = civilFromDays(dayNumber);
        uint256 monthIndex = year * 12 + (month - 1) + months;
        uint256 targetYear = monthIndex / 12;
        uint256 targetMonth = monthIndex % 12 + 1;
        uint256 lastDay = daysInMonth(targetYear, targetMonth);
        uint256 targetDay = day < lastDay ? day : lastDay;
        uint256 result = daysFromCivil(targetYear, targetMonth, targetDay) * 1 days + timeOfDay;
        if (result > type(uint64).max) revert TimestampOutOfRange(result);
        return uint64(result);
    }

    function _validate(bytes32 ref, address merchant, address token, uint256 amount, uint16 periodMonths)
        private
        view
    {
        if (subscriptions[ref].customer != address(0)) revert RefAlreadyUsed(ref);
        if (merchant == address(0)) revert InvalidSubscription(InvalidReason.ZeroMerchant);
        if (token == address(0)) revert InvalidSubscription(InvalidReason.ZeroToken);
        if (amount == 0) revert InvalidSubscription(InvalidReason.ZeroAmount);
        // Bounded so that totals over many periods can never overflow.
        if (amount > type(uint96).max) revert InvalidSubscription(InvalidReason.AmountTooLarge);
        if (periodMonths == 0 || periodMonths > MAX_PERIOD_MONTHS) {
            revert InvalidSubscription(InvalidReason.InvalidPeriod);
        }
    }

    /// @param maxCharges the signed number of periods, 0 for no limit
    function _store(
        bytes32 ref,
        address customer,
        address merchant,
        address token,
        uint256 amount,
        uint16 periodMonths,
        uint64 firstChargeAt,
        uint32 maxCharges
    ) private {
        // Field by field: the totals and counts start at zero, and writing a zero costs gas.
        Mandate storage s = subscriptions[ref];
        s.customer = customer;
        s.periodMonths = periodMonths;
        s.firstChargeAt = firstChargeAt;
        s.merchant = merchant;
        s.maxCharges = maxCharges;
        s.token = token;
        s.amount = uint96(amount);
        emit Subscribed(ref, customer, merchant, token, amount, periodMonths, firstChargeAt);
    }

    /// @dev charge's rules. A used charge id is reported before an exhausted mandate, so a retried last charge
    ///      still finds its original.
    function _charge(bytes32 ref, uint256 amount, bytes32 chargeId) private {
        Mandate storage s = _existing(ref);
        if (s.canceled) revert SubscriptionIsCanceled(ref);
        if (charges[chargeId].exists) revert ChargeIdUsed(chargeId);
        uint32 periodIndex = s.chargeCount;
        if (s.maxCharges != 0 && periodIndex >= s.maxCharges) revert MandateExhausted(ref, s.maxCharges);
        if (amount == 0) revert ZeroAmount();
        if (amount > s.amount) revert AmountAboveMandate(amount, s.amount);
        uint64 startsAt = addMonths(s.firstChargeAt, uint256(periodIndex) * s.periodMonths);
        if (block.timestamp < startsAt) revert PeriodNotStarted(ref, periodIndex, startsAt);

        s.chargeCount = periodIndex + 1;
        s.totalCharged += uint128(amount);
        charges[chargeId] = ChargeRecord(periodIndex, uint64(block.number), true);
        emit Charged(ref, periodIndex, amount, chargeId);
        _pull(s.token, s.customer, s.merchant, amount);
    }

    /// @dev The permit is tried, not required: someone may have submitted the same signed permit first (its nonce
    ///      is then used), which leaves the allowance it set in place.
    function _permit(SubscribeAuthorization calldata terms, PermitData calldata permit, uint256 needed) private {
        try IPermitToken(terms.token).permit(
            terms.customer, address(this), permit.value, permit.deadline, permit.signature
        ) {} catch {
            if (IPermitToken(terms.token).allowance(terms.customer, address(this)) < needed) revert PermitFailed();
        }
    }

    function _hashTerms(SubscribeAuthorization calldata terms) private pure returns (bytes32) {
        return keccak256(
            abi.encode(
                SUBSCRIBE_AUTHORIZATION_TYPEHASH,
                terms.ref,
                terms.customer,
                terms.merchant,
                terms.token,
                terms.amount,
                terms.periodMonths,
                terms.firstChargeAt,
                terms.periods,
                terms.deadline,
                terms.nonce
            )
        );
    }

    function _existing(bytes32 ref) private view returns (Mandate storage s) {
        s = subscriptions[ref];
        if (s.customer == address(0)) revert UnknownSubscription(ref);
    }

    /// @dev transferFrom that also accepts tokens returning nothing (USDT), and bubbles up the token's own revert
    ///      data so a caller can decode InsufficientBalance / InsufficientAllowance.
    function _pull(address token, address from, address to, uint256 amount) private {
        if (token.code.length == 0) revert TokenTransferFailed();
        (bool ok, bytes memory returned) =
            token.call(abi.encodeWithSelector(0x23b872dd, from, to, amount)); // transferFrom(address,address,uint256)
        if (!ok) {
            if (returned.length == 0) revert TokenTransferFailed();
            assembly {
                revert(add(returned, 32), mload(returned))
            }
        }
        if (returned.length != 0 && (returned.length != 32 || abi.decode(returned, (uint256)) != 1)) {
            revert TokenTransferFailed();
        }
    }
}
