import RokadaKit
import SwiftUI
import UIKit

extension View {
    /// The game screen's questions: a confirmation the core asks for, the
    /// prompt on show (promotion, a draw offer, a rematch request), a
    /// refusal, and the share sheet.
    func gameDialogs(model: GameScreenModel) -> some View {
        modifier(GameDialogs(model: model))
    }
}

private struct GameDialogs: ViewModifier {
    @Bindable var model: GameScreenModel
    @Environment(\.strings) private var strings

    func body(content: Content) -> some View {
        content
            .confirmationDialog(
                strings[model.pendingConfirmation?.action.confirmation ?? GameAction.resign.confirmation],
                isPresented: Binding(
                    get: { model.pendingConfirmation != nil },
                    set: { if !$0 { model.pendingConfirmation = nil } }
                ),
                titleVisibility: .visible,
                presenting: model.pendingConfirmation
            ) { item in
                Button(strings[item.action.title], role: item.action.isDestructive ? .destructive : nil) {
                    model.confirm()
                }
                Button(strings["common.cancel"], role: .cancel) { model.pendingConfirmation = nil }
            }
            .sheet(isPresented: promotionShown) {
                if case .promotion(let from, _) = model.view.prompt,
                   let side = model.view.board.piece(at: from)?.side
                {
                    PromotionSheet(side: side) { model.choosePromotion($0) }
                        .presentationDetents([.height(240)])
                }
            }
            .alert(
                offer.map { strings[$0.question] } ?? "",
                isPresented: Binding(get: { offer != nil }, set: { _ in }),
                presenting: offer
            ) { prompt in
                if let answers = prompt.answers {
                    Button(strings[answers.accept]) { model.answer(prompt, accept: true) }
                    Button(strings[answers.decline], role: .cancel) { model.answer(prompt, accept: false) }
                }
            }
            .failureAlert($model.failure)
            .sheet(isPresented: Binding(
                get: { model.sharedPGN != nil },
                set: { if !$0 { model.sharedPGN = nil } }
            )) {
                if let pgn = model.sharedPGN {
                    ShareSheet(text: pgn)
                }
            }
    }

    /// A draw offer or rematch request: a dialog while the core shows it.
    private var offer: Prompt? {
        switch model.view.prompt {
        case .drawOffered, .rematchOffered: model.view.prompt
        case .promotion, nil: nil
        }
    }

    /// The promotion dialog; dismissing it leaves the pawn where it was.
    private var promotionShown: Binding<Bool> {
        Binding(
            get: {
                if case .promotion = model.view.prompt { return true }
                return false
            },
            set: { shown in
                if !shown, let prompt = model.view.prompt {
                    model.answer(prompt, accept: false)
                }
            }
        )
    }
}

/// The system's share sheet for a game's PGN.
private struct ShareSheet: UIViewControllerRepresentable {
    let text: String

    func makeUIViewController(context: Context) -> UIActivityViewController {
        UIActivityViewController(activityItems: [text], applicationActivities: nil)
    }

    func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
}
