"""Contains all the data models used in inputs/outputs"""

from .audit_failure import AuditFailure
from .audit_failure_kind import AuditFailureKind
from .audit_report import AuditReport
from .audit_report_signature import AuditReportSignature
from .audit_report_status_type_0 import AuditReportStatusType0
from .bot_level import BotLevel
from .capture_rule import CaptureRule
from .changed import Changed
from .claimable import Claimable
from .claimed import Claimed
from .claimed_type import ClaimedType
from .clock import Clock
from .clock_on_timeout import ClockOnTimeout
from .commitment import Commitment
from .create_game import CreateGame
from .create_tournament import CreateTournament
from .create_tournament_pairing import CreateTournamentPairing
from .created_game import CreatedGame
from .created_tournament import CreatedTournament
from .deal_request import DealRequest
from .dealer_rotation import DealerRotation
from .entrant_entry import EntrantEntry
from .entrant_record import EntrantRecord
from .entrant_table import EntrantTable
from .entrant_table_status import EntrantTableStatus
from .entrant_token import EntrantToken
from .export import Export
from .export_format import ExportFormat
from .first_dealer_drawn import FirstDealerDrawn
from .first_dealer_drawn_type import FirstDealerDrawnType
from .flag_shown import FlagShown
from .game_finished_event import GameFinishedEvent
from .game_finished_event_type import GameFinishedEventType
from .game_info import GameInfo
from .game_started_event import GameStartedEvent
from .game_started_event_type import GameStartedEventType
from .game_view import GameView
from .game_view_status import GameViewStatus
from .get_leaderboard_ladder import GetLeaderboardLadder
from .hand_dealt import HandDealt
from .hand_dealt_type import HandDealtType
from .head_signature import HeadSignature
from .health import Health
from .health_archive import HealthArchive
from .health_status import HealthStatus
from .hint import Hint
from .initial_bonus_taker import InitialBonusTaker
from .initial_table_bonus import InitialTableBonus
from .invite import Invite
from .join_by_invite import JoinByInvite
from .join_by_seat import JoinBySeat
from .joined import Joined
from .key_list import KeyList
from .ladder_rating import LadderRating
from .last_cards_taken import LastCardsTaken
from .last_cards_taken_type import LastCardsTakenType
from .last_move import LastMove
from .leaderboard import Leaderboard
from .leaderboard_entry import LeaderboardEntry
from .leftover_cards import LeftoverCards
from .legal_claim import LegalClaim
from .legal_claim_kind import LegalClaimKind
from .legal_deal import LegalDeal
from .legal_deal_kind import LegalDealKind
from .legal_moves import LegalMoves
from .legal_play import LegalPlay
from .legal_play_kind import LegalPlayKind
from .list_presets_response_200 import ListPresetsResponse200
from .lobby_game import LobbyGame
from .lobby_page import LobbyPage
from .log_entry import LogEntry
from .log_entry_type import LogEntryType
from .log_page import LogPage
from .match_ended import MatchEnded
from .match_ended_type import MatchEndedType
from .missed_capture import MissedCapture
from .move_as_listed import MoveAsListed
from .move_by_id import MoveById
from .move_claim import MoveClaim
from .move_claim_kind import MoveClaimKind
from .move_kind import MoveKind
from .move_play import MovePlay
from .move_play_kind import MovePlayKind
from .move_result import MoveResult
from .move_value import MoveValue
from .outcome import Outcome
from .outcome_result import OutcomeResult
from .played import Played
from .played_game import PlayedGame
from .played_game_outcome import PlayedGameOutcome
from .played_type import PlayedType
from .player_games import PlayerGames
from .player_info import PlayerInfo
from .player_rating import PlayerRating
from .player_ratings import PlayerRatings
from .player_ratings_ratings import PlayerRatingsRatings
from .points import Points
from .points_override import PointsOverride
from .preset_name import PresetName
from .primeira_figures import PrimeiraFigures
from .primeira_values import PrimeiraValues
from .problem import Problem
from .public_key import PublicKey
from .public_key_algorithm import PublicKeyAlgorithm
from .rated_info import RatedInfo
from .rating_change import RatingChange
from .receipt import Receipt
from .register_player import RegisterPlayer
from .registered_player import RegisteredPlayer
from .rematch import Rematch
from .replay_move import ReplayMove
from .replay_request import ReplayRequest
from .replay_result import ReplayResult
from .replay_result_status import ReplayResultStatus
from .replay_score import ReplayScore
from .replay_step import ReplayStep
from .round_ended import RoundEnded
from .round_ended_type import RoundEndedType
from .round_record import RoundRecord
from .round_score import RoundScore
from .round_started_event import RoundStartedEvent
from .round_started_event_type import RoundStartedEventType
from .rules import Rules
from .rules_first_dealer_type_0 import RulesFirstDealerType0
from .rules_override import RulesOverride
from .rules_override_first_dealer_type_0 import RulesOverrideFirstDealerType0
from .rules_primeira_values import RulesPrimeiraValues
from .score_sheet import ScoreSheet
from .score_sheet_status import ScoreSheetStatus
from .seat_bot import SeatBot
from .seat_open import SeatOpen
from .seat_player import SeatPlayer
from .seat_token import SeatToken
from .sent_signal import SentSignal
from .side_score import SideScore
from .side_score_categories import SideScoreCategories
from .side_view import SideView
from .signal import Signal
from .signal_request import SignalRequest
from .signal_result import SignalResult
from .standing import Standing
from .state import State
from .state_status import StateStatus
from .stream_event import StreamEvent
from .stream_event_event import StreamEventEvent
from .stream_events_until import StreamEventsUntil
from .stream_ticket import StreamTicket
from .table_bonus import TableBonus
from .table_bonus_type import TableBonusType
from .table_ratings import TableRatings
from .table_record import TableRecord
from .table_result_event import TableResultEvent
from .table_result_event_type import TableResultEventType
from .tie_at_target import TieAtTarget
from .timeout_event import TimeoutEvent
from .timeout_event_type import TimeoutEventType
from .tournament_export import TournamentExport
from .tournament_export_format import TournamentExportFormat
from .tournament_finished_event import TournamentFinishedEvent
from .tournament_finished_event_type import TournamentFinishedEventType
from .tournament_stream_event import TournamentStreamEvent
from .tournament_stream_event_event import TournamentStreamEventEvent
from .tournament_view import TournamentView
from .tournament_view_pairing import TournamentViewPairing
from .tournament_view_scoring import TournamentViewScoring
from .tournament_view_status import TournamentViewStatus
from .tournament_webhook_deliveries import TournamentWebhookDeliveries
from .turn_event import TurnEvent
from .turn_event_type import TurnEventType
from .validation import Validation
from .view import View
from .view_status import ViewStatus
from .webhook_deliveries import WebhookDeliveries
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_state import WebhookDeliveryState
from .webhook_player import WebhookPlayer
from .webhook_request import WebhookRequest
from .webhook_request_events_item import WebhookRequestEventsItem
from .webhook_subscription import WebhookSubscription
from .webhook_subscription_events_item import WebhookSubscriptionEventsItem

__all__ = (
    "AuditFailure",
    "AuditFailureKind",
    "AuditReport",
    "AuditReportSignature",
    "AuditReportStatusType0",
    "BotLevel",
    "CaptureRule",
    "Changed",
    "Claimable",
    "Claimed",
    "ClaimedType",
    "Clock",
    "ClockOnTimeout",
    "Commitment",
    "CreatedGame",
    "CreatedTournament",
    "CreateGame",
    "CreateTournament",
    "CreateTournamentPairing",
    "DealerRotation",
    "DealRequest",
    "EntrantEntry",
    "EntrantRecord",
    "EntrantTable",
    "EntrantTableStatus",
    "EntrantToken",
    "Export",
    "ExportFormat",
    "FirstDealerDrawn",
    "FirstDealerDrawnType",
    "FlagShown",
    "GameFinishedEvent",
    "GameFinishedEventType",
    "GameInfo",
    "GameStartedEvent",
    "GameStartedEventType",
    "GameView",
    "GameViewStatus",
    "GetLeaderboardLadder",
    "HandDealt",
    "HandDealtType",
    "HeadSignature",
    "Health",
    "HealthArchive",
    "HealthStatus",
    "Hint",
    "InitialBonusTaker",
    "InitialTableBonus",
    "Invite",
    "JoinByInvite",
    "JoinBySeat",
    "Joined",
    "KeyList",
    "LadderRating",
    "LastCardsTaken",
    "LastCardsTakenType",
    "LastMove",
    "Leaderboard",
    "LeaderboardEntry",
    "LeftoverCards",
    "LegalClaim",
    "LegalClaimKind",
    "LegalDeal",
    "LegalDealKind",
    "LegalMoves",
    "LegalPlay",
    "LegalPlayKind",
    "ListPresetsResponse200",
    "LobbyGame",
    "LobbyPage",
    "LogEntry",
    "LogEntryType",
    "LogPage",
    "MatchEnded",
    "MatchEndedType",
    "MissedCapture",
    "MoveAsListed",
    "MoveById",
    "MoveClaim",
    "MoveClaimKind",
    "MoveKind",
    "MovePlay",
    "MovePlayKind",
    "MoveResult",
    "MoveValue",
    "Outcome",
    "OutcomeResult",
    "Played",
    "PlayedGame",
    "PlayedGameOutcome",
    "PlayedType",
    "PlayerGames",
    "PlayerInfo",
    "PlayerRating",
    "PlayerRatings",
    "PlayerRatingsRatings",
    "Points",
    "PointsOverride",
    "PresetName",
    "PrimeiraFigures",
    "PrimeiraValues",
    "Problem",
    "PublicKey",
    "PublicKeyAlgorithm",
    "RatedInfo",
    "RatingChange",
    "Receipt",
    "RegisteredPlayer",
    "RegisterPlayer",
    "Rematch",
    "ReplayMove",
    "ReplayRequest",
    "ReplayResult",
    "ReplayResultStatus",
    "ReplayScore",
    "ReplayStep",
    "RoundEnded",
    "RoundEndedType",
    "RoundRecord",
    "RoundScore",
    "RoundStartedEvent",
    "RoundStartedEventType",
    "Rules",
    "RulesFirstDealerType0",
    "RulesOverride",
    "RulesOverrideFirstDealerType0",
    "RulesPrimeiraValues",
    "ScoreSheet",
    "ScoreSheetStatus",
    "SeatBot",
    "SeatOpen",
    "SeatPlayer",
    "SeatToken",
    "SentSignal",
    "SideScore",
    "SideScoreCategories",
    "SideView",
    "Signal",
    "SignalRequest",
    "SignalResult",
    "Standing",
    "State",
    "StateStatus",
    "StreamEvent",
    "StreamEventEvent",
    "StreamEventsUntil",
    "StreamTicket",
    "TableBonus",
    "TableBonusType",
    "TableRatings",
    "TableRecord",
    "TableResultEvent",
    "TableResultEventType",
    "TieAtTarget",
    "TimeoutEvent",
    "TimeoutEventType",
    "TournamentExport",
    "TournamentExportFormat",
    "TournamentFinishedEvent",
    "TournamentFinishedEventType",
    "TournamentStreamEvent",
    "TournamentStreamEventEvent",
    "TournamentView",
    "TournamentViewPairing",
    "TournamentViewScoring",
    "TournamentViewStatus",
    "TournamentWebhookDeliveries",
    "TurnEvent",
    "TurnEventType",
    "Validation",
    "View",
    "ViewStatus",
    "WebhookDeliveries",
    "WebhookDelivery",
    "WebhookDeliveryState",
    "WebhookPlayer",
    "WebhookRequest",
    "WebhookRequestEventsItem",
    "WebhookSubscription",
    "WebhookSubscriptionEventsItem",
)
